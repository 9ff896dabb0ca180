// `npm run bench:import`: a product import end to end (decision 0033) — upload, the server-side job, the
// one-transaction commit — timed from the upload's first byte to the job's "done", for 20,000 rows
// of CSV (Windows-1251, decimal commas) and of .xlsx (number cells), on PGlite, or on PostgreSQL
// when DATABASE_URL is set. Between the upload and the start it opens the wizard's steps as an
// owner does (the mapping page, the mapping form, the preview page) and times each, wall and server
// CPU, apart from the upload → done figure. Prints the server's peak memory (VmHWM) over its idle RSS, and runs
// a 50,000-row import for the memory ceiling (at most 500 MB above idle). Every run starts a fresh
// server (and, on PostgreSQL, a fresh database on DATABASE_URL's cluster), so each imports into the
// same catalogue: the demo store's, not the rows of the runs before it.
//
//   npm run bench:import                         # 3 runs of each format, then 50,000 rows of CSV
//   npm run bench:import -- --runs 5 --rows 20000 --big 50000
//   DATABASE_URL=postgres://postgres@127.0.0.1:54329/bench npm run bench:import
//   BENCH_CPU_PROF=/tmp/prof npm run bench:import -- --runs 1 --big 0   # a CPU profile per server

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { productCsv, productXlsx } from "../app/features/import/fixtures.test-support";
import {
  mapImport,
  openImportPage,
  signInDemo,
  startImport,
  uploadImport,
  waitForImport,
} from "../tests/support/import-http";
import { median } from "./load-generator";
import { startServer } from "./support";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    rows: { type: "string", default: "20000" },
    big: { type: "string", default: "50000" },
  },
});
const runs = Number(args.runs);
const rows = Number(args.rows);
const big = Number(args.big);

function memoryKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

/** The server process's CPU time so far (user + system), in ms: on a shared machine, steadier than wall time. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in 1/100 s
}

/** A wizard step's wall time and the server's CPU time for it, in ms. */
type Step = { ms: number; cpuMs: number };
const STEPS = ["upload", "mapPage", "mapPost", "preview", "commit"] as const;
type Run = {
  /** Upload + commit (start → done), wall: the figure before the wizard's pages were timed. */
  ms: number;
  uploadMs: number;
  added: number;
  /** Server CPU of upload + commit. */
  cpuMs: number;
  dbCpuMs: number | null;
  steps: Record<(typeof STEPS)[number], Step>;
};

/** CPU time (ms) of each PostgreSQL backend of the bench's database, by pid; null on PGlite. */
type DbCpu = (() => Promise<Map<number, number>>) | null;

function cpuMsOrZero(pid: number): number {
  try {
    return cpuMs(pid);
  } catch {
    return 0; // the backend ended
  }
}

async function importOnce(
  pid: number,
  session: Awaited<ReturnType<typeof signInDemo>>,
  name: string,
  bytes: Uint8Array,
  dbCpu: DbCpu = null,
): Promise<Run> {
  const steps = {} as Run["steps"];
  async function step<T>(key: (typeof STEPS)[number], work: () => Promise<T>): Promise<T> {
    const cpuBefore = cpuMs(pid);
    const started = performance.now();
    const result = await work();
    steps[key] = { ms: performance.now() - started, cpuMs: cpuMs(pid) - cpuBefore };
    return result;
  }
  const dbBefore = dbCpu ? await dbCpu() : null;
  const jobId = await step("upload", () => uploadImport(session, name, bytes));
  // The wizard's pages between the upload and the start (each reads the file at most once).
  await step("mapPage", () => openImportPage(session, jobId));
  await step("mapPost", () => mapImport(session, jobId, ["name", "price", "category", "quantity"]));
  await step("preview", () => openImportPage(session, jobId, "?step=preview"));
  const state = await step("commit", async () => {
    await startImport(session, jobId);
    return waitForImport(session, jobId);
  });
  if (state.status !== "done") throw new Error(`import ${name} failed`);
  const ms = steps.upload.ms + steps.commit.ms;
  const uploadMs = steps.upload.ms;
  const cpu = steps.upload.cpuMs + steps.commit.cpuMs;
  // The database's share on PostgreSQL: the CPU its backends for this database spent meanwhile,
  // the wizard's pages included (a backend that closed during the run is missed; the pool keeps
  // them open).
  const dbAfter = dbCpu ? await dbCpu() : null;
  let dbCpuMs: number | null = null;
  if (dbBefore && dbAfter) {
    dbCpuMs = 0;
    for (const [backend, after] of dbAfter) dbCpuMs += after - (dbBefore.get(backend) ?? 0);
  }
  return { ms, uploadMs, added: state.counts.added ?? 0, cpuMs: cpu, dbCpuMs, steps };
}

const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
console.log(
  `bench:import — ${database}, ${rows} rows × ${runs} runs per format, each into a fresh server and database; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);

/**
 * A fresh server per run, so every run imports into the same catalogue (the demo store's), not into
 * the rows of the runs before it: on PostgreSQL a new database on DATABASE_URL's cluster, dropped after.
 */
async function withServer<T>(
  run: (
    server: Awaited<ReturnType<typeof startServer>>,
    session: Awaited<ReturnType<typeof signInDemo>>,
    dbCpu: DbCpu,
  ) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-bench-import-"));
  const admin = process.env.DATABASE_URL
    ? new pg.Client({ connectionString: process.env.DATABASE_URL })
    : null;
  const dbName = `bench_import_${process.pid}_${Date.now()}`;
  const env: Record<string, string> = {};
  if (admin) {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  // BENCH_CPU_PROF=dir: each server writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profileDir = process.env.BENCH_CPU_PROF;
  const nodeArgs = profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [];
  const server = await startServer(dataDir, env, { readyPath: "/demo", nodeArgs });
  try {
    // better-auth trusts the origin it was configured with (localhost), not 127.0.0.1.
    const session = await signInDemo(server.url.replace("127.0.0.1", "localhost"), dataDir);
    const dbCpu: DbCpu = admin
      ? async () => {
          const { rows: backends } = await admin.query<{ pid: number }>(
            "select pid from pg_stat_activity where datname = $1",
            [dbName],
          );
          return new Map(backends.map((row) => [row.pid, cpuMsOrZero(row.pid)]));
        }
      : null;
    return await run(server, session, dbCpu);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${dbName}`);
      await admin.end();
    }
  }
}

let peakAboveIdleMb = 0;
for (const format of ["csv", "xlsx"] as const) {
  const results: Run[] = [];
  for (let run = 0; run < runs; run++) {
    const prefix = `${format.toUpperCase()}${run}`;
    const bytes = format === "csv" ? productCsv(rows, prefix) : await productXlsx(rows, prefix);
    const result = await withServer(async (server, session, dbCpu) => {
      const idleKb = memoryKb(server.pid, "VmRSS");
      const result = await importOnce(server.pid, session, `bench.${format}`, bytes, dbCpu);
      peakAboveIdleMb = Math.max(peakAboveIdleMb, (memoryKb(server.pid, "VmHWM") - idleKb) / 1024);
      return result;
    });
    if (result.added !== rows) throw new Error(`expected ${rows} added, got ${result.added}`);
    results.push(result);
    console.log(
      `  ${format} run ${run + 1}: ${(result.ms / 1000).toFixed(2)} s end to end (upload+read ${(result.uploadMs / 1000).toFixed(2)} s), server CPU ${(result.cpuMs / 1000).toFixed(2)} s${result.dbCpuMs === null ? "" : `, PostgreSQL CPU ${(result.dbCpuMs / 1000).toFixed(2)} s`}, file ${(bytes.length / 1e6).toFixed(1)} MB, load ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      `    steps wall / server CPU (s): ${STEPS.map((key) => `${key} ${(result.steps[key].ms / 1000).toFixed(2)} / ${(result.steps[key].cpuMs / 1000).toFixed(2)}`).join(", ")}`,
    );
  }
  const secs = (values: number[]) => (median(values) / 1000).toFixed(2);
  console.log(
    `${format} wizard steps, median wall / server CPU (s): ${STEPS.map(
      (key) =>
        `${key} ${secs(results.map((r) => r.steps[key].ms))} / ${secs(results.map((r) => r.steps[key].cpuMs))}`,
    ).join(", ")}`,
  );
  console.log(
    `${format}: median ${(median(results.map((r) => r.ms)) / 1000).toFixed(2)} s end to end, server CPU ${(median(results.map((r) => r.cpuMs)) / 1000).toFixed(2)} s${results[0]!.dbCpuMs === null ? "" : `, PostgreSQL CPU ${(median(results.map((r) => r.dbCpuMs ?? 0)) / 1000).toFixed(2)} s`}, for ${rows} rows`,
  );
}
console.log(`server memory: peak ${peakAboveIdleMb.toFixed(0)} MB above idle over the ${rows}-row runs`);

if (big > 0) {
  const bytes = productCsv(big, "BIG");
  await withServer(async (server, session, dbCpu) => {
    const idleKb = memoryKb(server.pid, "VmRSS");
    const result = await importOnce(server.pid, session, "big.csv", bytes, dbCpu);
    const peak = memoryKb(server.pid, "VmHWM");
    console.log(
      `${big} rows csv (${(bytes.length / 1e6).toFixed(1)} MB): ${(result.ms / 1000).toFixed(2)} s, server CPU ${(result.cpuMs / 1000).toFixed(2)} s; idle RSS ${(idleKb / 1024).toFixed(0)} MB, peak ${(peak / 1024).toFixed(0)} MB, peak above idle ${((peak - idleKb) / 1024).toFixed(0)} MB`,
    );
  });
}
console.log(
  `load at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
