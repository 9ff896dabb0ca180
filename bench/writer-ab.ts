// Runs bench:import and bench:api in this checkout and in another one (a baseline), alternating
// round by round (base, this; base, this; …) in one session, on PGlite and on PostgreSQL, and prints
// the medians over the rounds and the ratio this/base. Each checkout runs its own benches, with its
// own code, migrations and build, so the figures compare the code and not the scripts. Made for the
// one product writer (decision 0122) against the commit before it; works for any two checkouts
// whose benches print the same summary lines.
//
//   npm run bench:writer-ab -- --commit c0ed46b --rounds 3      # the baseline checkout made here
//   npx tsx bench/writer-ab.ts --base /tmp/base --rounds 3
//   npx tsx bench/writer-ab.ts --base /tmp/base --pg postgres://postgres@127.0.0.1:55432 --db-prefix vitrina_h43
//
// With --pg, each checkout gets a database of its own on that cluster (<prefix>_new, <prefix>_base),
// dropped and created again before every run, so every run starts on an empty one. bench:import
// makes (and drops) a fresh database per import beside it, as it always does. Both checkouts must be
// built (`npx react-router build`): bench:import runs the production server. Exit 1 when a bench fails.

import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, existsSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { median } from "./load-generator";

const { values: args } = parseArgs({
  options: {
    base: { type: "string" },
    commit: { type: "string" },
    rounds: { type: "string", default: "3" },
    rows: { type: "string", default: "20000" },
    "api-runs": { type: "string", default: "15" },
    "api-products": { type: "string", default: "10000" },
    pg: { type: "string" },
    "db-prefix": { type: "string", default: "vitrina_bench_ab" },
    log: { type: "string" },
  },
});
const here = path.resolve(import.meta.dirname, "..");
if (!args.base && !args.commit) throw new Error("--base <checkout> or --commit <sha> is required");
const trees = { base: path.resolve(args.base ?? baselineCheckout(args.commit!)), new: here };
for (const root of Object.values(trees))
  if (!existsSync(path.join(root, "build/server"))) throw new Error(`${root} is not built`);
const rounds = Number(args.rounds);

/**
 * --commit: a worktree of that commit beside this checkout's temporary files, installed and
 * built once (about two minutes), then reused by later runs.
 */
function baselineCheckout(commit: string): string {
  const dir = path.join(tmpdir(), `vitrina-base-${commit}`);
  const step = (command: string, commandArgs: string[], cwd: string) => {
    const done = spawnSync(command, commandArgs, { cwd, stdio: "inherit" });
    if (done.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed in ${cwd}`);
  };
  if (!existsSync(dir)) step("git", ["worktree", "add", "--detach", dir, commit], here);
  if (!existsSync(path.join(dir, "node_modules")))
    step("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], dir);
  if (!existsSync(path.join(dir, "build/server"))) step("npx", ["react-router", "build"], dir);
  return dir;
}
const PG_BIN = "/usr/lib/postgresql/15/bin";
const pg = args.pg ? new URL(args.pg) : null;
const log = (line: string) => {
  console.log(line);
  if (args.log) appendFileSync(args.log, `${line}\n`);
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** A database of its own for this checkout, empty: dropped and created again. */
function freshDatabase(tree: keyof typeof trees): string {
  const name = `${args["db-prefix"]}_${tree}`;
  const conn = ["-h", pg!.hostname, "-p", pg!.port || "5432", "-U", pg!.username || "postgres"];
  spawnSync(`${PG_BIN}/dropdb`, [...conn, "--if-exists", name], { stdio: "inherit" });
  const made = spawnSync(`${PG_BIN}/createdb`, [...conn, name], { stdio: "inherit" });
  if (made.status !== 0) throw new Error(`createdb ${name} failed`);
  const url = new URL(pg!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one bench of one checkout (its own script, its own node_modules link) and answers its output. */
function runBench(root: string, script: string, benchArgs: string[], env: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(
      "npx",
      ["vite-node", "--config", "bench/vite.config.ts", script, "--", ...benchArgs],
      { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      out += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGTERM"), 15 * 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${script} in ${root} exited ${code}:\n${out.slice(-3000)}`));
    });
  });
}

type Figures = Record<string, number>;

function importFigures(out: string): Figures {
  const figures: Figures = {};
  for (const format of ["csv", "xlsx"]) {
    const m = new RegExp(
      `^${format}: median ([\\d.]+) s end to end, server CPU ([\\d.]+) s(?:, PostgreSQL CPU ([\\d.]+) s)?`,
      "m",
    ).exec(out);
    if (!m) throw new Error(`no ${format} summary in:\n${out.slice(-2000)}`);
    figures[`import ${format} s`] = Number(m[1]);
    figures[`import ${format} server CPU s`] = Number(m[2]);
    if (m[3] !== undefined) figures[`import ${format} PostgreSQL CPU s`] = Number(m[3]);
  }
  return figures;
}

function apiFigures(out: string): Figures {
  const request = /POST \/api\/v1\/prices\/batch[^|]*\| (\d+) \| (\d+) \|/.exec(out);
  const commit = /the write's transaction alone[^|]*\| (\d+) \| (\d+) \|/.exec(out);
  if (!request || !commit) throw new Error(`no bench:api table in:\n${out.slice(-2000)}`);
  return {
    "api request median ms": Number(request[1]),
    "api request p95 ms": Number(request[2]),
    "api write median ms": Number(commit[1]),
    "api write p95 ms": Number(commit[2]),
  };
}

const databases = pg ? (["PGlite", "PostgreSQL"] as const) : (["PGlite"] as const);
const results: Record<string, Record<"base" | "new", Figures[]>> = {};
log(`writer-ab: base ${trees.base}, new ${trees.new}, ${rounds} rounds; load before ${load()}`);
for (let round = 1; round <= rounds; round++) {
  for (const kind of databases) {
    results[kind] ??= { base: [], new: [] };
    for (const tree of ["base", "new"] as const) {
      const root = trees[tree];
      const figures: Figures = {};
      const env: Record<string, string> = {};
      if (kind === "PostgreSQL") env.DATABASE_URL = freshDatabase(tree);
      const loadBefore = loadavg()[0]!;
      Object.assign(
        figures,
        importFigures(
          await runBench(root, "bench/import.ts", ["--runs", "1", "--rows", args.rows!, "--big", "0"], env),
        ),
      );
      if (kind === "PostgreSQL") env.DATABASE_URL = freshDatabase(tree);
      Object.assign(
        figures,
        apiFigures(
          await runBench(
            root,
            "bench/api.ts",
            ["--products", args["api-products"]!, "--runs", args["api-runs"]!],
            env,
          ),
        ),
      );
      results[kind][tree].push(figures);
      log(
        `round ${round} ${kind} ${tree}: ${Object.entries(figures)
          .map(([key, value]) => `${key} ${value}`)
          .join(", ")}; load ${loadBefore.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`,
      );
    }
  }
}
log(`load after ${load()}`);
for (const kind of databases) {
  const { base, new: current } = results[kind]!;
  log(`\n| ${kind}, median of ${rounds} rounds | base | new | new/base |`);
  log("| --- | --- | --- | --- |");
  for (const key of Object.keys(base[0]!)) {
    const b = median(base.map((figures) => figures[key]!));
    const n = median(current.map((figures) => figures[key]!));
    // An even number of rounds averages the middle two: three significant decimals at most.
    const shown = (value: number) => String(Number(value.toFixed(3)));
    log(`| ${key} | ${shown(b)} | ${shown(n)} | ${(n / b).toFixed(2)} |`);
  }
}
