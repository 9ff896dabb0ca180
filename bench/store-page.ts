// Load test of the public store page (decision 0025): starts Vitrina on a free loopback port with
// a fresh data directory, loads /demo with wrk and prints throughput beside nginx serving the same
// bytes (the generator's ceiling on this machine), latency percentiles, the server's memory and the
// page's size. Results go to docs/performance.md. Needs wrk and nginx (apt-get install -y wrk nginx-light).
//
//   npm run bench:store-page -- [--connections 20] [--duration 20] [--warmup 3] [--path /demo] [--json]
//
// DATABASE_URL set → the server uses that PostgreSQL database (seeded with the demo store when it is
// empty: give it a throw-away database). Unset → embedded PGlite in the temporary directory.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { type LoadResult, type Nginx, requireTools, runWrk, startNginx } from "./load-generator";
import { freePort, type Shutdown, stopServer, waitForReady } from "./server-process";

requireTools();

const root = path.resolve(import.meta.dirname, "..");
const READY_TIMEOUT_MS = 120_000; // includes a `react-router build` when the build is stale
const STOP_TIMEOUT_MS = 15_000;

const { values: flags } = parseArgs({
  options: {
    connections: { type: "string", default: "20" },
    duration: { type: "string", default: "20" },
    warmup: { type: "string", default: "3" },
    path: { type: "string", default: "/demo" },
    json: { type: "boolean", default: false },
  },
});
const connections = boundedInt("connections", flags.connections, 1, 500);
const duration = boundedInt("duration", flags.duration, 1, 120);
const warmup = boundedInt("warmup", flags.warmup, 0, 30);
const target = flags.path;
if (!target.startsWith("/")) usage("--path must start with /");
const databaseUrl = process.env.DATABASE_URL || null;

let server: ChildProcess | null = null;
let nginx: Nginx | null = null;
let dataDir: string | null = null;
const serverOutput: string[] = [];

async function main() {
  // The whole run is bounded: a hung server or a stuck socket cannot keep the benchmark alive.
  const watchdog = setTimeout(
    () => void fail("took too long: gave up"),
    READY_TIMEOUT_MS + (warmup + duration) * 1000 + 60_000,
  );
  watchdog.unref();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => void cleanup().then(() => process.exit(130)));
  }

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-bench-"));
  const loadBefore = os.loadavg()[0]!;
  log(
    `Starting Vitrina on ${base} (${databaseUrl ? `PostgreSQL ${redact(databaseUrl)}` : `PGlite in ${dataDir}`})…`,
  );
  const code = codeVersion();
  const startedAt = performance.now();
  server = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn", // one JSON line per request would otherwise dominate the measurement
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [server.stdout, server.stderr]) {
    stream?.setEncoding("utf8").on("data", (chunk: string) => {
      serverOutput.push(chunk);
      if (serverOutput.length > 200) serverOutput.shift();
    });
  }

  await waitForReady(`${base}/demo`, server, READY_TIMEOUT_MS);
  const buildBefore = buildStamp();
  const startupSeconds = (performance.now() - startedAt) / 1000;
  const rssIdleKb = procStatusKb("VmRSS");
  const page = await pageSize(`${base}${target}`);

  if (warmup > 0) {
    log(`Warming up: ${connections} connections, ${warmup} s…`);
    await load(`${base}${target}`, warmup);
  }
  log(`Measuring ${target}: ${connections} connections, ${duration} s…`);
  const cpuBefore = cpuSnapshot();
  const result = await load(`${base}${target}`, duration);
  const cpu = cpuShares(cpuBefore, cpuSnapshot());
  const rssAfterKb = procStatusKb("VmRSS");
  const rssPeakKb = procStatusKb("VmHWM");
  // The same bytes from nginx, with the same generator: the most this machine serves at all.
  nginx = await startNginx(target, page.body, page.contentType);
  if (warmup > 0) await load(nginx.url, warmup);
  const ceiling = await load(nginx.url, duration, nginx.workerPid);
  // Another `npm start` or build in this checkout rewrites build/ under the running server, whose
  // next lazily loaded chunk is then missing: every answer after that is a 500.
  const buildRewritten = buildStamp() !== buildBefore;
  const shutdown = await cleanup();
  clearTimeout(watchdog);

  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? "unknown",
      node: process.version,
      loadAverage1mBefore: round(loadBefore, 2),
      loadAverage1mAfter: round(os.loadavg()[0]!, 2),
    },
    code,
    database: databaseUrl ? "postgresql" : "pglite",
    url: `${base}${target}`,
    connections,
    durationSeconds: duration,
    warmupSeconds: warmup,
    startupSeconds: round(startupSeconds, 1),
    requests: { total: result.requests, perSecond: result.rps },
    nginxCeiling: { perSecond: ceiling.rps, cpuUsPerRequest: ceiling.cpuUsPerRequest },
    latencyMs: { p50: result.p50Ms, p99: result.p99Ms },
    errors: result.errors,
    page: {
      status: page.status,
      htmlBytes: page.htmlBytes,
      gzipBytes: page.gzipBytes,
      contentEncoding: page.contentEncoding,
    },
    serverRssMb: { idle: mb(rssIdleKb), afterLoad: mb(rssAfterKb), peak: mb(rssPeakKb) },
    cpuPercentOfOneCore: cpu?.percentOfOneCore ?? null,
    // CPU time the server spent per answer: the figure least disturbed by other work on the machine.
    serverCpuMsPerRequest:
      cpu && result.requests ? round((cpu.serverSeconds * 1000) / result.requests, 3) : null,
    buildRewrittenDuringRun: buildRewritten,
    serverExit: shutdown,
  };
  if (flags.json) console.log(JSON.stringify(report, null, 2));
  else printTable(report);
  if (result.errors || ceiling.errors || shutdown !== "clean" || buildRewritten) {
    process.exitCode = 1;
    if (buildRewritten)
      log("bench: build/ was rewritten during the run (a build in this checkout): not valid");
    log(`--- server output (tail) ---\n${serverOutput.join("").slice(-4000)}`);
  }
}

function load(url: string, seconds: number, pid?: number): Promise<LoadResult> {
  return runWrk(url, { connections, seconds }, pid);
}

/** The HTML a visitor downloads: raw, and what gzip (level 6, as nginx or a CDN would) makes of it. */
async function pageSize(url: string) {
  const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    body,
    contentType: response.headers.get("content-type") ?? "text/html",
    htmlBytes: body.length,
    gzipBytes: gzipSync(body, { level: 6 }).length,
    contentEncoding: response.headers.get("content-encoding") ?? "none",
  };
}

/** A field of /proc/PID/status in kB (Linux only; null elsewhere or once the server is gone). */
function procStatusKb(field: "VmRSS" | "VmHWM"): number | null {
  try {
    const status = readFileSync(`/proc/${server?.pid}/status`, "utf8");
    const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

let cleaning: Promise<Shutdown | "not started"> | null = null;

/** Stops the server (stopServer) once, however often it is asked; then the data goes. */
function cleanup(): Promise<Shutdown | "not started"> {
  cleaning ??= (async () => {
    nginx?.stop();
    const outcome = server ? await stopServer(server, STOP_TIMEOUT_MS) : "not started";
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = null;
    return outcome;
  })();
  return cleaning;
}

type Report = Record<string, unknown> & {
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    loadAverage1mBefore: number;
    loadAverage1mAfter: number;
  };
  code: string;
  database: string;
  url: string;
  connections: number;
  durationSeconds: number;
  requests: { total: number; perSecond: number };
  nginxCeiling: { perSecond: number; cpuUsPerRequest: number | null };
  latencyMs: { p50: number; p99: number };
  errors: number;
  page: { status: number; htmlBytes: number; gzipBytes: number; contentEncoding: string };
  serverRssMb: { idle: number | null; afterLoad: number | null; peak: number | null };
  cpuPercentOfOneCore: CpuShares["percentOfOneCore"] | null;
  serverCpuMsPerRequest: number | null;
  buildRewrittenDuringRun: boolean;
  serverExit: string;
};

function printTable(r: Report) {
  const rows: [string, string][] = [
    ["machine", `${r.machine.cpus} × ${r.machine.cpuModel}, Node ${r.machine.node}`],
    ["load average before/after", `${r.machine.loadAverage1mBefore} / ${r.machine.loadAverage1mAfter}`],
    ["code", r.code],
    ["database", r.database === "postgresql" ? "PostgreSQL (DATABASE_URL)" : "PGlite (embedded)"],
    ["target", `${r.url}, ${r.connections} connections, ${r.durationSeconds} s`],
    ["requests", String(r.requests.total)],
    ["requests/s (wrk)", String(r.requests.perSecond)],
    [
      "nginx, same bytes (ceiling)",
      `${r.nginxCeiling.perSecond} req/s, ${r.nginxCeiling.cpuUsPerRequest ?? "n/a"} µs CPU per request`,
    ],
    ["Vitrina / nginx", (r.requests.perSecond / r.nginxCeiling.perSecond).toFixed(3)],
    ["latency p50 / p99", `${r.latencyMs.p50} / ${r.latencyMs.p99} ms`],
    ["errors (non-2xx/3xx, socket)", String(r.errors)],
    [
      "page HTML",
      `${kb(r.page.htmlBytes)} raw, ${kb(r.page.gzipBytes)} gzip (sent: ${r.page.contentEncoding})`,
    ],
    [
      "server RSS",
      `${r.serverRssMb.idle} MB idle, ${r.serverRssMb.afterLoad} MB after load, ${r.serverRssMb.peak} MB peak`,
    ],
    [
      "CPU during run (100 = 1 core)",
      r.cpuPercentOfOneCore
        ? `server ${r.cpuPercentOfOneCore.server}, wrk ${r.cpuPercentOfOneCore.loadGenerator}, rest of system ${r.cpuPercentOfOneCore.restOfSystem}`
        : "n/a",
    ],
    ["server CPU per request", r.serverCpuMsPerRequest === null ? "n/a" : `${r.serverCpuMsPerRequest} ms`],
    ["build rewritten during run", r.buildRewrittenDuringRun ? "YES: results not valid" : "no"],
    ["server shutdown", r.serverExit],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join("\n"));
}

// Who used the CPU while we measured: the server must be the one that is busy, and other processes
// on this small machine (tests, builds) make a run worthless; the report says so instead of hiding it.
type CpuSnapshot = { at: number; system: { busy: number; total: number }; server: number; self: number };
type CpuShares = {
  percentOfOneCore: { server: number; loadGenerator: number; restOfSystem: number };
  serverSeconds: number;
};
const CLOCK_TICKS = 100; // USER_HZ: 100 on every Linux build Node runs on

function cpuSnapshot(): CpuSnapshot | null {
  try {
    const fields = readFileSync("/proc/stat", "utf8")
      .split("\n")[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const idle = fields[3]! + fields[4]!; // idle + iowait
    const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0); // up to steal; guest is in user
    const stat = readFileSync(`/proc/${server?.pid}/stat`, "utf8");
    const after = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // fields from the 3rd (state) on
    const serverTicks = Number(after[11]) + Number(after[12]); // utime + stime (fields 14 and 15)
    // This process and its finished children (the wrk runs): utime, stime, cutime, cstime.
    const own = readFileSync("/proc/self/stat", "utf8");
    const ownFields = own.slice(own.lastIndexOf(")") + 2).split(" ");
    const self = ownFields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0) / CLOCK_TICKS;
    return {
      at: performance.now(),
      system: { busy: total - idle, total },
      server: serverTicks / CLOCK_TICKS,
      self,
    };
  } catch {
    return null;
  }
}

function cpuShares(before: CpuSnapshot | null, after: CpuSnapshot | null): CpuShares | null {
  if (!before || !after) return null;
  const seconds = (after.at - before.at) / 1000;
  const cores = os.cpus().length;
  const systemTotal = after.system.total - before.system.total;
  const busyCoreSeconds = ((after.system.busy - before.system.busy) / systemTotal) * cores * seconds;
  const server = after.server - before.server;
  const self = after.self - before.self;
  const percent = (coreSeconds: number) => Math.round((coreSeconds / seconds) * 100);
  return {
    percentOfOneCore: {
      server: percent(server),
      loadGenerator: percent(self),
      // other processes, and the kernel's share of loopback networking
      restOfSystem: Math.max(0, percent(busyCoreSeconds - server - self)),
    },
    serverSeconds: server,
  };
}

/** The commit measured, and whether the working tree differed from it (others edit while we run). */
function codeVersion(): string {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
    const changed = git("status", "--porcelain", "--", "app", "server", "package.json", "vite.config.ts");
    return `${git("rev-parse", "--short", "HEAD")}${changed ? " + uncommitted changes in app/ or server/" : ""}`;
  } catch {
    return "unknown";
  }
}

function buildStamp(): number {
  try {
    return statSync(path.join(root, "build/server/index.js")).mtimeMs;
  } catch {
    return -1;
  }
}

function boundedInt(name: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) usage(`--${name} must be ${min}…${max}`);
  return number;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const mb = (kb: number | null) => (kb === null ? null : Math.round(kb / 1024));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");

/** Progress goes to stderr, so `--json` output stays parseable. */
function log(message: string) {
  console.error(message);
}

function usage(message: string): never {
  console.error(`bench: ${message}\nflags: --connections N --duration S --warmup S --path /demo --json`);
  process.exit(2);
}

/** Stops the server and removes its data first, then shows why, with the server's last words. */
async function fail(message: string): Promise<never> {
  const shutdown = await cleanup();
  console.error(`bench: ${message} (server shutdown: ${shutdown})`);
  if (serverOutput.length)
    console.error(`--- server output (tail) ---\n${serverOutput.join("").slice(-4000)}`);
  process.exit(1);
}

main().catch((error: unknown) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
