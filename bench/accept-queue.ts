import { execFile } from "node:child_process";
import { promisify } from "node:util";

// The server's listen queue during the soak (decision 0114): connections the
// kernel has completed (the client sees them open and sends its request) that the server has not
// accepted yet. Node 20's libuv accepts one connection per turn of the event loop (libuv #3696,
// since 1.45), so while the loop is busy, 200 connections opened at once wait there for seconds, and
// the generator times their first requests from the moment it sent them. `ss` shows that queue as
// the listening socket's Recv-Q.

const run = promisify(execFile);

export type AcceptQueue = {
  /** The longest the queue was, and when (seconds from the start of sampling). */
  max: number;
  maxAtS: number;
  /** From when on the queue stayed empty (null: never). */
  emptyFromS: number | null;
};

export function sampleAcceptQueue(port: number, everyMs = 250): { stop: () => AcceptQueue } {
  const samples: { atS: number; queued: number }[] = [];
  const started = performance.now();
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const { stdout } = await run("ss", ["-ltnH", `sport = :${port}`]);
      const queued = Number(stdout.trim().split(/\s+/)[1] ?? Number.NaN);
      if (Number.isFinite(queued)) samples.push({ atS: (performance.now() - started) / 1000, queued });
    } catch {
      // ss missing or failed: no sample
    } finally {
      busy = false;
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      let max = 0;
      let maxAtS = 0;
      for (const sample of samples) if (sample.queued > max) ({ queued: max, atS: maxAtS } = sample);
      const lastBusy = samples.findLastIndex((sample) => sample.queued > 0);
      const emptyFromS =
        samples.length === 0 ? null : lastBusy === -1 ? 0 : (samples[lastBusy + 1]?.atS ?? null);
      return { max, maxAtS, emptyFromS };
    },
  };
}
