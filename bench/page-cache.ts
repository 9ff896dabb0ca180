// Cached and uncached public store page against nginx serving the identical bytes from disk.
//   npm run bench:page-cache              (needs nginx: apt-get install -y nginx-light)
//   DATABASE_URL=postgres://…/empty-db WEB_CONCURRENCY=2 npm run bench:page-cache   (PostgreSQL, 2 processes)
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { workerCount } from "../server/workers";
import { seedBenchStores, startServer } from "./support";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3671);
// Unmeasured load first: JIT, caches and (with WEB_CONCURRENCY) every worker warmed alike.
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

async function load(url: string, headers: Record<string, string> = {}) {
  if (WARMUP > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

const loadBefore = loadavg();
const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-bench-"));
await seedBenchStores(dataDir, [100]);
const page = "/bench-100";

// 1. The app with its page cache.
const cached = await startServer(dataDir, BASE_PORT);
await fetch(`${cached.url}${page}`);
const response = await fetch(`${cached.url}${page}`, { headers: { "accept-encoding": "identity" } });
if (response.headers.get("x-cache") !== "HIT") throw new Error("the second request was not a cache hit");
const bytes = Buffer.from(await response.arrayBuffer());

// 2. nginx serving the same bytes from disk, one worker like the one Node process.
const www = path.join(dataDir, "www");
mkdirSync(www);
// nginx's workers run unprivileged: they must be able to read the temporary folder.
chmodSync(dataDir, 0o755);
writeFileSync(path.join(www, "bench-100.html"), bytes);
const nginxConf = path.join(dataDir, "nginx.conf");
writeFileSync(
  nginxConf,
  `worker_processes 1; daemon off; pid ${dataDir}/nginx.pid; error_log ${dataDir}/nginx-error.log;
events { worker_connections 1024; }
http { access_log off; server { listen 127.0.0.1:${BASE_PORT + 1}; root ${www};
  location = ${page} { default_type text/html; try_files /bench-100.html =404; } } }`,
);
const nginx = spawn("nginx", ["-c", nginxConf, "-p", dataDir], { stdio: "inherit" });
await new Promise((resolve) => setTimeout(resolve, 500));

const nginxResult = await load(`http://127.0.0.1:${BASE_PORT + 1}${page}`);
const cachedResult = await load(`${cached.url}${page}`);
cached.stop();
nginx.kill("SIGTERM");

// 3. The same page rendered on every request.
const uncached = await startServer(dataDir, BASE_PORT + 2, { PAGE_CACHE: "off" });
await fetch(`${uncached.url}${page}`);
const uncachedResult = await load(`${uncached.url}${page}`);
uncached.stop();

const rows = [
  ["nginx, same bytes from disk", nginxResult],
  ["Vitrina, cached page", cachedResult],
  ["Vitrina, uncached 100-product page", uncachedResult],
] as const;
console.log(
  `\nLoad average before: ${loadBefore.map((n) => n.toFixed(1)).join(" ")} on ${cpus().length} cores.`,
);
const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
const processes = workerCount();
console.log(`Vitrina: ${database}, ${processes} process${processes === 1 ? "" : "es"}; nginx: 1 worker.`);
console.log(`Page: ${bytes.length} bytes; ${CONNECTIONS} connections, ${DURATION} s each, loopback.\n`);
console.log("| server | req/s | p99 latency (ms) | errors/non-2xx |\n| --- | --- | --- | --- |");
for (const [name, result] of rows)
  console.log(`| ${name} | ${result.rps} | ${result.p99} | ${result.non2xx} |`);
console.log(`\nCached / nginx: ${(cachedResult.rps / nginxResult.rps).toFixed(2)}`);
process.exit(0);
