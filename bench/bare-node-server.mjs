// The ceiling of a Node process answering one page: a bare http.createServer that writes the same
// status, headers and body bytes Vitrina's cached hit sends, and does nothing else (bench/page-cache.ts).
// Plain JavaScript, run by node itself, so nothing but Node's own HTTP stack is measured.
//   BARE_BODY=file BARE_HEADERS='["Content-Type","text/html",…]' node bench/bare-node-server.mjs
// BARE_WARMUP=1 first makes the process do what any application's process has done before its first
// visitor (served and fetched varied answers: JSON, streamed files, gzip streams, chunked bodies),
// through Node's own modules only. Node's shared internals (http, streams, events) then run as they do
// in a process that has done other work, which a fresh one never has.
import { createReadStream, readFileSync } from "node:fs";
import { createServer, request } from "node:http";
import { PassThrough, pipeline } from "node:stream";
import { createGzip } from "node:zlib";

const body = readFileSync(process.env.BARE_BODY);
const headers = JSON.parse(process.env.BARE_HEADERS);
if (process.env.BARE_WARMUP) await warmUp(3000);
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

/** `count` requests of four kinds to a server of its own, half through fetch, half through http. */
async function warmUp(count) {
  const answers = [
    (res) => res.end(JSON.stringify({ ok: true, at: Date.now() })),
    (res) => {
      res.setHeader("Content-Type", "text/html");
      res.write("<p>");
      res.end("chunked</p>");
    },
    (res) => pipeline(createReadStream(process.env.BARE_BODY), res, () => {}),
    (res) => {
      res.setHeader("Content-Encoding", "gzip");
      pipeline(createReadStream(process.env.BARE_BODY), createGzip(), new PassThrough(), res, () => {});
    },
  ];
  const other = createServer((req, res) => answers[Number(req.url.slice(1)) % answers.length](res));
  await new Promise((resolve) => other.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${other.address().port}`;
  const viaHttp = (path) =>
    new Promise((resolve, reject) =>
      request(`${base}${path}`, (res) => res.resume().on("end", resolve).on("error", reject))
        .on("error", reject)
        .end(),
    );
  for (let i = 0; i < count; i++) {
    if (i % 2) await viaHttp(`/${i}`);
    else await (await fetch(`${base}/${i}`)).arrayBuffer();
  }
  await new Promise((resolve) => other.close(resolve));
}
