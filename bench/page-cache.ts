// The public store page, cached and uncached, against ceilings answering the identical bytes: a bare
// Node http.createServer (bench/bare-node-server.mjs: what one fresh Node process can do at all), the
// same server after it has done other HTTP work first (BARE_WARMUP: what a process that has served
// anything else can do), and nginx serving them from disk, with wrk as the load generator (decision 0025). Rounds alternate the
// servers, so all see the same machine; each row gives the median of the rounds, and each ratio is
// taken per round. Requests ask for gzip, as a browser's do (brotli with --encoding br, none with
// --encoding identity).
//
//   npm run bench:page-cache -- [--rounds 3] [--seconds 5] [--connections 20] [--encoding gzip]
//   DATABASE_URL=postgres://…/empty-db WEB_CONCURRENCY=2 npm run bench:page-cache   (PostgreSQL, 2 processes)
//
// Needs wrk and nginx (apt-get install -y wrk nginx-light).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { workerCount } from "../server/workers";
import {
  type LoadOptions,
  type LoadResult,
  median,
  type Nginx,
  requireTools,
  runWrk,
  startNginx,
} from "./load-generator";
import { ROOT, type Server, seedBenchStores, startServer } from "./support";

requireTools();
const { values: flags } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "20" },
    warmup: { type: "string", default: "2" },
    encoding: { type: "string", default: "gzip" },
    // Another public answer the fast path gives, e.g. /bench-100/prices.json (decision 0151).
    path: { type: "string", default: "/bench-100" },
  },
});
const rounds = Number(flags.rounds);
const encoding = flags.encoding;
if (!["gzip", "br", "identity"].includes(encoding)) throw new Error("--encoding is gzip, br or identity");
const headers = { "Accept-Encoding": encoding };
const load: LoadOptions = { connections: Number(flags.connections), seconds: Number(flags.seconds), headers };
const warmup: LoadOptions = { ...load, seconds: Number(flags.warmup) };
const page = flags.path;
/** PAGE_CACHE=off renders the store page on every request; the live files have no such switch. */
const measureUncached = page === "/bench-100";

/** Headers Node writes itself for every answer: the bare server leaves them to Node too (it keeps
 * Content-Length: without it, Node would send the body chunked after an explicit writeHead). */
const NODE_OWN_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

type Target = { url: string; pid: number };
type Bare = Target & { stop: () => void };

const loadBefore = loadavg();
const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-bench-"));
let app: Server | null = null;
let nginx: Nginx | null = null;
let bare: Bare | null = null;
let warmBare: Bare | null = null;
try {
  await seedBenchStores(dataDir, [100]);

  // The bytes a visitor gets from the cache in this encoding: both ceilings answer exactly these.
  app = await startServer(dataDir);
  // As in production, where owners use the same process: a page rendered by React Router (its
  // render's async store) before the visitors' (decision 0152). The start's demo seed has signed up
  // through better-auth, whose stores have run too.
  await raw(`${app.url}/auth/login`);
  await raw(`${app.url}${page}`);
  const hit = await raw(`${app.url}${page}`);
  if (hit.headers["x-cache"] !== "HIT") throw new Error("the second request was not a cache hit");
  if ((hit.headers["content-encoding"] ?? "identity") !== encoding)
    throw new Error(`the hit was not ${encoding}-encoded`);
  nginx = await startNginx(page.replace(/\?.*/, ""), hit.body, "text/html; charset=utf-8");
  bare = await startBare(hit.body, hit.rawHeaders);
  warmBare = await startBare(hit.body, hit.rawHeaders, { BARE_WARMUP: "1" });

  const cached = await alternate([
    { name: "nginx", target: { url: nginx.url, pid: nginx.workerPid } },
    { name: "bare", target: bare },
    { name: "warm", target: warmBare },
    { name: "app", target: { url: `${app.url}${page}`, pid: app.pid } },
  ]);
  await app.stop();
  let uncached: Round[] = [];
  if (measureUncached) {
    // PGlite: one process per data directory, so the uncached server starts after the cached one.
    app = await startServer(dataDir, { PAGE_CACHE: "off" });
    uncached = await alternate([
      { name: "nginx", target: { url: nginx.url, pid: nginx.workerPid } },
      { name: "bare", target: bare },
      { name: "warm", target: warmBare },
      { name: "app", target: { url: `${app.url}${page}`, pid: app.pid } },
    ]);
  }

  const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  const processes = workerCount();
  console.log(
    `\nLoad average before: ${loadBefore.map((n) => n.toFixed(1)).join(" ")}, after: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")} on ${cpus().length} cores.`,
  );
  console.log(
    `Vitrina: ${database}, ${processes} process${processes === 1 ? "" : "es"}; bare Node: 1 process; nginx: 1 worker.`,
  );
  console.log(
    `Page: ${hit.body.length} bytes (${encoding}); wrk -t1 -c${load.connections} -d${load.seconds}s -H "Accept-Encoding: ${encoding}", ${rounds} alternating rounds, medians.\n`,
  );
  console.log(
    "| page | Vitrina req/s | bare Node req/s | warmed bare Node req/s | nginx req/s (ceiling) | Vitrina / bare Node | Vitrina / warmed bare Node | Vitrina / nginx | Vitrina p99 ms | CPU µs/req: Vitrina, bare Node, warmed, nginx | errors |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const [name, rows] of [
    [`${page} cached (fast path)`, cached],
    [`${page} uncached (PAGE_CACHE=off)`, uncached],
  ] as const) {
    if (rows.length === 0) continue;
    const m = (pick: (round: Round) => number) => median(rows.map(pick));
    const cpu = (result: LoadResult) => result.cpuUsPerRequest ?? Number.NaN;
    console.log(
      `| ${name} | ${m((r) => r.app.rps)} | ${m((r) => r.bare.rps)} | ${m((r) => r.warm.rps)} | ${m(
        (r) => r.nginx.rps,
      )} | ${m((r) => r.app.rps / r.bare.rps).toFixed(3)} | ${m((r) => r.app.rps / r.warm.rps).toFixed(3)} | ${m(
        (r) => r.app.rps / r.nginx.rps,
      ).toFixed(3)} | ${m((r) => r.app.p99Ms)} | ${m((r) => cpu(r.app))}, ${m((r) => cpu(r.bare))}, ${m((r) =>
        cpu(r.warm),
      )}, ${m((r) => cpu(r.nginx))} | ${rows.reduce((sum, r) => sum + errorsOf(r), 0)} |`,
    );
  }
  console.log("\nPer round (Vitrina / bare Node / warmed bare Node / nginx req/s):");
  for (const [name, rows] of [
    ["cached", cached],
    ["uncached", uncached],
  ] as const)
    console.log(
      `  ${name}: ${rows.map((r) => `${r.app.rps} / ${r.bare.rps} / ${r.warm.rps} / ${r.nginx.rps}`).join(", ")}`,
    );
  const failed = [...cached, ...uncached].some((r) => errorsOf(r) > 0);
  process.exitCode = failed ? 1 : 0;
} finally {
  await app?.stop();
  nginx?.stop();
  bare?.stop();
  warmBare?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

type Round = Record<"nginx" | "bare" | "warm" | "app", LoadResult>;

function errorsOf(round: Round): number {
  return round.app.errors + round.bare.errors + round.warm.errors + round.nginx.errors;
}

/** Warm each up once, then `rounds` rounds of the servers back to back, in the order given. */
async function alternate(servers: { name: keyof Round; target: Target }[]): Promise<Round[]> {
  for (const { target } of servers) await runWrk(target.url, warmup);
  const results: Round[] = [];
  for (let round = 0; round < rounds; round++) {
    const result = {} as Round;
    for (const { name, target } of servers) result[name] = await runWrk(target.url, load, target.pid);
    results.push(result);
  }
  return results;
}

/** One GET as wrk sends it, with the body as it came over the wire (not decompressed). */
function raw(url: string): Promise<{ headers: Record<string, string>; rawHeaders: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          headers: response.headers as Record<string, string>,
          rawHeaders: response.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/** The bare Node server, answering `body` with the hit's own headers (less those Node adds itself). */
async function startBare(body: Buffer, rawHeaders: string[], env: NodeJS.ProcessEnv = {}): Promise<Bare> {
  const bodyFile = path.join(dataDir, "bare-body");
  writeFileSync(bodyFile, body);
  const pairs: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2)
    if (!NODE_OWN_HEADERS.has(rawHeaders[i]!.toLowerCase())) pairs.push(rawHeaders[i]!, rawHeaders[i + 1]!);
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, "bench", "bare-node-server.mjs")], {
    env: { ...process.env, ...env, BARE_BODY: bodyFile, BARE_HEADERS: JSON.stringify(pairs) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.setEncoding("utf8").once("data", (line: string) => resolve(Number(line.trim())));
    child.once("exit", (code) => reject(new Error(`the bare Node server exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}${page}`;
  const check = await raw(url);
  if (!check.body.equals(body)) throw new Error("the bare Node server does not answer the same bytes");
  return { url, pid: child.pid!, stop: () => child.kill("SIGTERM") };
}
