// The public store page, cached and uncached, against nginx serving the identical bytes from disk,
// with wrk as the load generator (decision 0025). Rounds alternate nginx and Vitrina, so both see the
// same machine; each row gives the median of the rounds, and the ratio is taken per round.
//
//   npm run bench:page-cache -- [--rounds 3] [--seconds 5] [--connections 20]
//   DATABASE_URL=postgres://…/empty-db WEB_CONCURRENCY=2 npm run bench:page-cache   (PostgreSQL, 2 processes)
//
// Needs wrk and nginx (apt-get install -y wrk nginx-light).
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { workerCount } from "../server/workers";
import { type LoadResult, median, type Nginx, requireTools, runWrk, startNginx } from "./load-generator";
import { type Server, seedBenchStores, startServer } from "./support";

requireTools();
const { values: flags } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "20" },
    warmup: { type: "string", default: "2" },
  },
});
const rounds = Number(flags.rounds);
const load = { connections: Number(flags.connections), seconds: Number(flags.seconds) };
const warmup = { connections: load.connections, seconds: Number(flags.warmup) };
const page = "/bench-100";

const loadBefore = loadavg();
const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-bench-"));
let app: Server | null = null;
let nginx: Nginx | null = null;
try {
  await seedBenchStores(dataDir, [100]);

  // The bytes a visitor without compression gets from the cache: nginx serves exactly these.
  app = await startServer(dataDir);
  await fetch(`${app.url}${page}`).then((response) => response.arrayBuffer());
  const response = await fetch(`${app.url}${page}`, { headers: { "accept-encoding": "identity" } });
  if (response.headers.get("x-cache") !== "HIT") throw new Error("the second request was not a cache hit");
  const bytes = Buffer.from(await response.arrayBuffer());
  nginx = await startNginx(page, bytes, "text/html; charset=utf-8");

  const cached = await alternate(nginx, { url: `${app.url}${page}`, pid: app.pid });
  await app.stop();
  // PGlite: one process per data directory, so the uncached server starts after the cached one.
  app = await startServer(dataDir, { PAGE_CACHE: "off" });
  const uncached = await alternate(nginx, { url: `${app.url}${page}`, pid: app.pid });

  const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  const processes = workerCount();
  console.log(
    `\nLoad average before: ${loadBefore.map((n) => n.toFixed(1)).join(" ")}, after: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")} on ${cpus().length} cores.`,
  );
  console.log(`Vitrina: ${database}, ${processes} process${processes === 1 ? "" : "es"}; nginx: 1 worker.`);
  console.log(
    `Page: ${bytes.length} bytes, no compression; wrk -t1 -c${load.connections} -d${load.seconds}s, ${rounds} alternating rounds, medians.\n`,
  );
  console.log(
    "| page | Vitrina req/s | nginx req/s (ceiling) | Vitrina / nginx | p99 ms | server CPU µs/req (nginx) | errors |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const [name, rows] of [
    ["cached (fast path)", cached],
    ["uncached (PAGE_CACHE=off)", uncached],
  ] as const)
    console.log(
      `| ${name} | ${median(rows.map((r) => r.app.rps))} | ${median(rows.map((r) => r.nginx.rps))} | ${median(
        rows.map((r) => r.app.rps / r.nginx.rps),
      ).toFixed(
        3,
      )} | ${median(rows.map((r) => r.app.p99Ms))} | ${median(rows.map((r) => r.app.cpuUsPerRequest ?? Number.NaN))} (${median(
        rows.map((r) => r.nginx.cpuUsPerRequest ?? Number.NaN),
      )}) | ${rows.reduce((sum, r) => sum + r.app.errors + r.nginx.errors, 0)} |`,
    );
  console.log("\nPer round (Vitrina / nginx req/s):");
  for (const [name, rows] of [
    ["cached", cached],
    ["uncached", uncached],
  ] as const)
    console.log(`  ${name}: ${rows.map((r) => `${r.app.rps} / ${r.nginx.rps}`).join(", ")}`);
  const failed = [...cached, ...uncached].some((r) => r.app.errors || r.nginx.errors);
  process.exitCode = failed ? 1 : 0;
} finally {
  await app?.stop();
  nginx?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

type Round = { nginx: LoadResult; app: LoadResult };

/** Warm both up once, then `rounds` rounds of nginx and Vitrina back to back. */
async function alternate(
  nginx: { url: string; workerPid: number },
  app: { url: string; pid: number },
): Promise<Round[]> {
  await runWrk(nginx.url, warmup);
  await runWrk(app.url, warmup);
  const results: Round[] = [];
  for (let round = 0; round < rounds; round++) {
    const nginxResult = await runWrk(nginx.url, load, nginx.workerPid);
    const appResult = await runWrk(app.url, load, app.pid);
    results.push({ nginx: nginxResult, app: appResult });
  }
  return results;
}
