// The ceiling of a Node process answering one page: a bare http.createServer that writes the same
// status, headers and body bytes Vitrina's cached hit sends, and does nothing else (bench/page-cache.ts).
// Plain JavaScript, run by node itself, so nothing but Node's own HTTP stack is measured.
//   BARE_BODY=file BARE_HEADERS='["Content-Type","text/html",…]' node bench/bare-node-server.mjs
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.env.BARE_BODY);
const headers = JSON.parse(process.env.BARE_HEADERS);
const server = createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
});
server.keepAliveTimeout = 65_000;
// A signal ends it through exit, so a --cpu-prof run writes its profile.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${server.address().port}\n`);
});
