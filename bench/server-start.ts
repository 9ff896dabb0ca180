// What a server's start costs, as the servers that specs start themselves begin: on a copy of one
// migrated PGlite cluster (decision 0154), where the first start seeds the demo store, and again on
// that data directory. For each: the wall time until /robots.txt first answers, and the CPU of the
// server's process tree by then (/proc, Linux). Needs the build (`npx react-router build`).
//
//   npm run bench:server-start -- --rounds 3
//   npm run bench:server-start -- --rounds 3 --node-flags "--v8-pool-size=1"

import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { median } from "./load-generator";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    port: { type: "string", default: "4977" },
    "node-flags": { type: "string", default: "" },
  },
});
const ROOT = path.resolve(import.meta.dirname, "..");
const port = Number(args.port);
const work = mkdtempSync(path.join(tmpdir(), "vitrina-bench-start-"));
const cluster = path.join(work, "migrated");
execFileSync(process.execPath, ["--import", "tsx", "tests/support/migrate-cluster.ts", cluster], {
  cwd: ROOT,
  env: { ...process.env, LOG_LEVEL: "error" },
});

/** CPU seconds of `root` and every process below it. */
function treeCpu(root: number): number {
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const name of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      const fields = readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]!.split(" ");
      parents.set(Number(name), Number(fields[1]));
      cpu.set(Number(name), (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // Ended while read.
    }
  }
  const inTree = (pid: number): boolean => pid === root || (pid > 1 && inTree(parents.get(pid) ?? 0));
  return [...cpu].reduce((sum, [pid, seconds]) => sum + (inTree(pid) ? seconds : 0), 0);
}

async function start(dataDir: string): Promise<{ wall: number; cpu: number }> {
  const flags = args["node-flags"].split(" ").filter(Boolean);
  const started = performance.now();
  const child = spawn(process.execPath, [...flags, "--import", "tsx", "server/start.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  let cpu = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    cpu = treeCpu(child.pid!);
    const answered = await fetch(`http://127.0.0.1:${port}/robots.txt`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const wall = (performance.now() - started) / 1000;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  return { wall, cpu };
}

const fresh: { wall: number; cpu: number }[] = [];
const again: { wall: number; cpu: number }[] = [];
try {
  for (let round = 1; round <= Number(args.rounds); round++) {
    const dataDir = path.join(work, `data-${round}`);
    cpSync(cluster, path.join(dataDir, "pglite"), { recursive: true });
    fresh.push(await start(dataDir));
    again.push(await start(dataDir));
    const [f, a] = [fresh.at(-1)!, again.at(-1)!];
    console.log(
      `round ${round}: first start ${f.wall.toFixed(1)} s wall, ${f.cpu.toFixed(1)} s CPU; again ${a.wall.toFixed(1)} s wall, ${a.cpu.toFixed(1)} s CPU`,
    );
    rmSync(dataDir, { recursive: true, force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const line = (label: string, runs: { wall: number; cpu: number }[]) =>
  `${label}: median ${median(runs.map((run) => run.wall)).toFixed(1)} s wall, ${median(runs.map((run) => run.cpu)).toFixed(1)} s CPU`;
console.log(line("first start (seeds the demo store)", fresh));
console.log(line("started again on its data directory", again));
