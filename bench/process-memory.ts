import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";

// The server's memory as the soak reports it (decision 0099): RSS from /proc, and from a bench-only
// probe loaded into the server (bench/memory-probe.mjs, SIGUSR2) the V8 heap, the memory outside it
// (Buffers, ArrayBuffers) and the same after a full garbage collection. PGlite's WebAssembly memory
// is in neither heap nor external: it shows in "other", with native allocations and code.

export type Memory = {
  rssMb: number;
  heapUsedMb?: number;
  heapTotalMb?: number;
  externalMb?: number;
  arrayBuffersMb?: number;
};

/** VmRSS of a process and its children (the workers of WEB_CONCURRENCY), in MB. */
export function rssMb(pid: number): number {
  const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  return own + childPids(pid).reduce((sum, child) => sum + rssMb(child), 0);
}

function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) children.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

export type LoopDelay = { maxMs: number; p99Ms: number };
type Timings = { count: number; p99Ms: number; over10s: number; slowest: { ms: number; url: string } };
/**
 * Since the previous probe: how long each request on a kept-alive connection waited before the
 * server read it (from the previous answer's end), and how long the server took to answer it; and
 * the first requests of new connections, from the accept to read, and then to answered.
 */
export type RequestTimings = { unread: Timings; served: Timings; firstRead: Timings; firstServed: Timings };

export function formatTimings(timings: Timings): string {
  return `p99 ${timings.p99Ms} ms, over 10 s ${timings.over10s} of ${timings.count}, longest ${timings.slowest.ms.toFixed(0)} ms (${timings.slowest.url})`;
}

/** The node arguments and environment that load the probe into a server. */
export function probeSettings(file: string): { nodeArgs: string[]; env: Record<string, string> } {
  return {
    nodeArgs: ["--expose-gc", "--import", "./bench/memory-probe.mjs"],
    env: { MEMORY_PROBE_FILE: file },
  };
}

/** The memory of the probed process now, and after a full GC (which the probe runs then). */
export async function probeMemory(
  pid: number,
  file: string,
): Promise<{ now: Memory; collected: Memory; loop: LoopDelay; requests: RequestTimings }> {
  rmSync(file, { force: true });
  const rssNow = rssMb(pid);
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 100 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
  // Written in one call: a partial file is read again.
  let probe: {
    now: NodeJS.MemoryUsage;
    collected: NodeJS.MemoryUsage;
    loop: LoopDelay;
    requests: RequestTimings;
  } | null = null;
  for (let i = 0; i < 10 && !probe; i++) {
    try {
      probe = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (!probe) throw new Error("the server's memory probe did not answer");
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const of = (usage: NodeJS.MemoryUsage, rss: number): Memory => ({
    rssMb: rss,
    heapUsedMb: mb(usage.heapUsed),
    heapTotalMb: mb(usage.heapTotal),
    externalMb: mb(usage.external),
    arrayBuffersMb: mb(usage.arrayBuffers),
  });
  return {
    now: of(probe.now, rssNow),
    collected: of(probe.collected, rssMb(pid)),
    loop: probe.loop,
    requests: probe.requests,
  };
}

export function formatMemory(memory: Memory): string {
  const f = (mb: number | undefined) => (mb === undefined ? "?" : mb.toFixed(0));
  if (memory.heapUsedMb === undefined) return `RSS ${f(memory.rssMb)} MB`;
  const other = memory.rssMb - (memory.heapTotalMb ?? 0) - (memory.externalMb ?? 0);
  return `RSS ${f(memory.rssMb)} MB (heap ${f(memory.heapUsedMb)} used of ${f(memory.heapTotalMb)}, external ${f(memory.externalMb)} of which ArrayBuffers ${f(memory.arrayBuffersMb)}, other ${f(other)})`;
}
