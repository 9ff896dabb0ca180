// Loaded into the soak's server only (node --expose-gc --import ./bench/memory-probe.mjs): on
// SIGUSR2 it writes the process's memory to $MEMORY_PROBE_FILE, then again after a full garbage
// collection, so the soak tells a leak (heap still grown after a GC) from a high-water mark; and the
// event loop's longest stall since the previous probe (a request that arrives meanwhile waits that
// long before the server even reads it, which no server-side timing shows). It also times, on each
// kept-alive connection, how long a request waited before the server read it (from the previous
// answer's end: the generator asks again at once) and how long the server then took to answer; and
// on each new connection, how long its first request took from the accept to being read, and then
// to its answer.
import { writeFileSync } from "node:fs";
import http from "node:http";
import { createHistogram, monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.MEMORY_PROBE_FILE;
/** Milliseconds as a histogram takes them (integers, at least 1), and its summary. */
function timings() {
  const histogram = createHistogram();
  let slowest = { ms: 0, url: "" };
  let over10s = 0;
  return {
    record(ms, url) {
      histogram.record(Math.max(1, Math.round(ms)));
      if (ms > 10_000) over10s += 1;
      if (ms > slowest.ms) slowest = { ms, url };
    },
    summary() {
      const summary = {
        count: histogram.count,
        p99Ms: histogram.count ? histogram.percentile(99) : 0,
        over10s,
        slowest,
      };
      histogram.reset();
      slowest = { ms: 0, url: "" };
      over10s = 0;
      return summary;
    },
  };
}

const GC_SETTLE_MS = 5_000;

if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const unread = timings();
  const served = timings();
  const firstRead = timings();
  const firstServed = timings();
  const lastAnswer = new WeakMap();
  const accepted = new WeakMap();
  // BENCH_REQUEST_LOG=<file>: every request's client port, address, and when it was read, answered
  // ('finish') or cut ('close' before 'finish'), written at each probe (to tell late answers apart).
  const requestLog = process.env.BENCH_REQUEST_LOG ? [] : null;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, ...args) {
    if (event === "connection") accepted.set(args[0], performance.now());
    if (event === "request") {
      const [req, res] = args;
      const read = performance.now();
      const entry = { port: req.socket.remotePort, url: req.url, read, finish: null, close: null };
      requestLog?.push(entry);
      const previous = lastAnswer.get(req.socket);
      const first = previous === undefined && accepted.has(req.socket);
      if (previous !== undefined) unread.record(read - previous, req.url);
      if (first) {
        firstRead.record(read - accepted.get(req.socket), req.url);
        accepted.delete(req.socket);
      }
      res.once("finish", () => {
        entry.finish = performance.now();
        lastAnswer.set(req.socket, entry.finish);
        served.record(entry.finish - read, req.url);
        if (first) firstServed.record(entry.finish - read, req.url);
      });
      if (requestLog)
        res.once("close", () => {
          entry.close = performance.now();
        });
    }
    return emit.call(this, event, ...args);
  };
  process.on("SIGUSR2", () => {
    const loop = { maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 };
    delay.reset();
    const requests = {
      unread: unread.summary(),
      served: served.summary(),
      firstRead: firstRead.summary(),
      firstServed: firstServed.summary(),
    };
    if (requestLog)
      writeFileSync(
        process.env.BENCH_REQUEST_LOG,
        JSON.stringify({ at: performance.now(), requests: requestLog }),
      );
    const now = process.memoryUsage();
    globalThis.gc?.();
    // V8 returns the freed pages to the system a moment after the collection, not in it: the RSS
    // read at once after gc() was the RSS before it (decision 0112). The soak reads it when the file
    // appears.
    setTimeout(() => {
      const collected = process.memoryUsage();
      writeFileSync(file, JSON.stringify({ now, collected, loop, requests, at: Date.now() }));
    }, GC_SETTLE_MS);
  });
}
