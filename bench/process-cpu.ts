// Whose CPU a command spends: runs the command, reads every process's CPU time from /proc twice a
// second while it runs, and prints the CPU seconds per kind of process (Chromium's renderers, the
// application servers, Playwright's workers, …) beside the whole machine's busy CPU over the same
// wall time. Linux only. Every process on the machine is read, so run it on a quiet one; a process
// that ends between two readings loses at most its last half second.
//
//   npm run bench:process-cpu -- npx playwright test tests/e2e/billing.spec.ts
//   npm run bench:process-cpu -- npm run bench:import -- --runs 1 --big 0

import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const command = process.argv.slice(2);
if (command.length === 0) throw new Error("usage: npm run bench:process-cpu -- <command> [args…]");
const TICKS_PER_SECOND = 100;

/** What kind of process a command line is. */
function kindOf(commandLine: string): string {
  if (/chrom(e|ium)/.test(commandLine)) {
    const type = /--type=(\S+)/.exec(commandLine)?.[1];
    return `chromium ${type ?? "browser"}`;
  }
  if (/server\/start\.ts|build\/server/.test(commandLine)) return "node: application server";
  if (/playwright/.test(commandLine)) return "node: playwright";
  if (/vitest/.test(commandLine)) return "node: vitest";
  if (/postgres/.test(commandLine)) return "postgres";
  if (/\bnode\b|tsx/.test(commandLine)) return "node: other";
  return commandLine.split(" ")[0]?.split("/").pop() || "other";
}

function cpuSeconds(pid: string): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

function machineBusySeconds(): number {
  const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const values = ticks.map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return (values.reduce((sum, value) => sum + value, 0) - idle) / TICKS_PER_SECOND;
}

const pids = () => readdirSync("/proc").filter((name) => /^\d+$/.test(name));
const before = new Map(pids().map((pid) => [pid, cpuSeconds(pid) ?? 0]));
const seen = new Map<string, { kind: string; cpu: number }>();

function sample(): void {
  for (const pid of pids()) {
    const cpu = cpuSeconds(pid);
    if (cpu === null) continue;
    let entry = seen.get(pid);
    if (!entry) {
      let commandLine = "";
      try {
        commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      } catch {
        continue;
      }
      entry = { kind: kindOf(commandLine), cpu };
      seen.set(pid, entry);
    }
    entry.cpu = Math.max(entry.cpu, cpu);
  }
}

const busyBefore = machineBusySeconds();
const started = performance.now();
const child = spawn(command[0]!, command.slice(1), { stdio: "inherit" });
const timer = setInterval(sample, 500);
const exitCode: number = await new Promise((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
clearInterval(timer);
sample();

const byKind = new Map<string, { cpu: number; processes: number }>();
for (const [pid, { kind, cpu }] of seen) {
  const spent = cpu - (before.get(pid) ?? 0);
  if (spent <= 0) continue;
  const total = byKind.get(kind) ?? { cpu: 0, processes: 0 };
  total.cpu += spent;
  total.processes += 1;
  byKind.set(kind, total);
}
const sampled = [...byKind.values()].reduce((sum, { cpu }) => sum + cpu, 0);
console.log("\nprocess-cpu: CPU seconds per kind of process while the command ran\n");
console.log("| processes | count | CPU s | share |\n| --- | ---: | ---: | ---: |");
for (const [kind, { cpu, processes }] of [...byKind].sort((a, b) => b[1].cpu - a[1].cpu)) {
  if (cpu < 0.5) continue;
  console.log(`| ${kind} | ${processes} | ${cpu.toFixed(1)} | ${((cpu / sampled) * 100).toFixed(0)} % |`);
}
const wall = (performance.now() - started) / 1000;
console.log(
  `\n${sampled.toFixed(1)} s sampled; the machine was busy ${(machineBusySeconds() - busyBefore).toFixed(1)} s of CPU over ${wall.toFixed(0)} s of wall`,
);
process.exit(exitCode);
