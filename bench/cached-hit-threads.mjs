// A cached hit's CPU, thread by thread, against a bare Node server answering the same bytes: starts
// Vitrina (production build, JOBS=off, PGlite on a temporary data directory) and
// bench/bare-node-server.mjs with the /demo page's gzip answer, then per round runs wrk (-t1 -c10,
// 8 s, Accept-Encoding: gzip) against each after a warm-up run and reads each process's threads
// from /proc: req/s, user and kernel µs per answer, CPU seconds per thread. Linux; needs wrk and
// the build. The generator's ceiling (wrk against nginx on the same bytes) is what
// `npm run bench:page-cache` prints; here both servers stay far below it. PROF=1 writes CPU profiles (one round) to /tmp/hitprof and /tmp/bareprof; STRACE=1
// counts each process's system calls over a 4 s run instead (strace -c, /tmp/strace-*.txt);
// APP_NODE_FLAGS="--max-semi-space-size=64" starts Vitrina with those Node flags.
//
//   npm run build && node bench/cached-hit-threads.mjs
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const threads = (pid) =>
  Object.fromEntries(
    readdirSync(`/proc/${pid}/task`).map((tid) => {
      const s = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const q = s.split(") ")[1].split(" ");
      return [tid, (Number(q[11]) + Number(q[12])) / 100];
    }),
  );
const userSys = (pid) => {
  const q = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return [Number(q[11]) / 100, Number(q[12]) / 100];
};
function wrk(url) {
  const out = execFileSync("wrk", ["-t1", "-c10", "-d8s", "-H", "Accept-Encoding: gzip", url], {
    encoding: "utf8",
  });
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]);
}
async function measure(label, pid, url) {
  wrk(url); // warm
  if (process.env.STRACE) {
    const st = spawn("strace", [
      "-c",
      "-f",
      "-p",
      String(pid),
      "-o",
      `/tmp/strace-${label.replace(/\W+/g, "-")}.txt`,
    ]);
    await new Promise((r) => setTimeout(r, 500));
    const out = execFileSync("wrk", ["-t1", "-c10", "-d4s", "-H", "Accept-Encoding: gzip", url], {
      encoding: "utf8",
    });
    st.kill("SIGINT");
    await new Promise((r) => st.once("exit", r));
    console.log(
      label,
      "under strace",
      /Requests\/sec:\s+([\d.]+)/.exec(out)[1],
      "req/s; total requests",
      /(\d+) requests in/.exec(out)[1],
    );
    return;
  }
  const t0 = threads(pid),
    u0 = userSys(pid);
  const rps = wrk(url);
  const t1 = threads(pid),
    u1 = userSys(pid);
  const per = Object.entries(t1)
    .map(([tid, c]) => [tid, c - (t0[tid] ?? 0)])
    .filter(([, d]) => d > 0.02)
    .sort((a, b) => b[1] - a[1]);
  const n = rps * 8;
  console.log(
    `${label}: ${rps.toFixed(0)} req/s; user ${(((u1[0] - u0[0]) / n) * 1e6).toFixed(0)} µs/req, sys ${(((u1[1] - u0[1]) / n) * 1e6).toFixed(0)} µs/req; threads (CPU s over 8 s): ${per.map(([tid, d]) => `${tid === String(pid) ? "main" : tid} ${d.toFixed(2)}`).join(", ")}`,
  );
}
const dir = mkdtempSync(path.join(tmpdir(), "vitrina-hit-threads-"));
const app = spawn(
  process.execPath,
  [
    ...(process.env.PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/hitprof"] : []),
    ...(process.env.APP_NODE_FLAGS ?? "").split(" ").filter(Boolean),
    "--import",
    "tsx",
    "server/start.ts",
  ],
  {
    cwd: ROOT,
    env: { ...process.env, PORT: "4980", HOST: "127.0.0.1", DATA_DIR: dir, LOG_LEVEL: "warn", JOBS: "off" },
    stdio: "ignore",
  },
);
for (;;) {
  try {
    if ((await fetch("http://127.0.0.1:4980/robots.txt")).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 200));
}
const hit = await new Promise((resolve) =>
  http.get("http://127.0.0.1:4980/demo", { headers: { "accept-encoding": "gzip" } }, (res) => {
    const chunks = [];
    res.on("data", (c) => chunks.push(c));
    res.on("end", () => resolve({ body: Buffer.concat(chunks), raw: res.rawHeaders }));
  }),
);
writeFileSync(`${dir}/body`, hit.body);
const own = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);
const pairs = [];
for (let i = 0; i < hit.raw.length; i += 2)
  if (!own.has(hit.raw[i].toLowerCase())) pairs.push(hit.raw[i], hit.raw[i + 1]);
const bare = spawn(
  process.execPath,
  [
    ...(process.env.PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/bareprof"] : []),
    `${ROOT}/bench/bare-node-server.mjs`,
  ],
  {
    env: { ...process.env, BARE_BODY: `${dir}/body`, BARE_HEADERS: JSON.stringify(pairs) },
    stdio: ["ignore", "pipe", "inherit"],
  },
);
const port = await new Promise((r) =>
  bare.stdout.setEncoding("utf8").once("data", (l) => r(Number(l.trim()))),
);
for (let round = 1; round <= (process.env.PROF ? 1 : 2); round++) {
  await measure(`round ${round} Vitrina`, app.pid, "http://127.0.0.1:4980/demo");
  await measure(`round ${round} bare   `, bare.pid, `http://127.0.0.1:${port}/demo`);
}
app.kill("SIGTERM");
bare.kill("SIGTERM");
await new Promise((r) => app.once("exit", r));
await new Promise((r) => setTimeout(r, 1000));
rmSync(dir, { recursive: true, force: true });
console.log("wrk's ceiling on these bytes: nginx in `npm run bench:page-cache` (about 48k req/s on 4 Dec)");
