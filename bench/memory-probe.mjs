// Loaded into the soak's server only (node --expose-gc --import ./bench/memory-probe.mjs): on
// SIGUSR2 it writes the process's memory to $MEMORY_PROBE_FILE, then again after a full garbage
// collection, so the soak tells a leak (heap still grown after a GC) from a high-water mark; and the
// event loop's longest stall since the previous probe (a request that arrives meanwhile waits that
// long before the server even reads it, which no server-side timing shows).
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on("SIGUSR2", () => {
    const loop = { maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 };
    delay.reset();
    const now = process.memoryUsage();
    globalThis.gc?.();
    const collected = process.memoryUsage();
    writeFileSync(file, JSON.stringify({ now, collected, loop, at: Date.now() }));
  });
}
