import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

// One JSON line per request (ARCHITECTURE.md), and every line logged while a request is served
// carries that request's id ("req"), the X-Request-Id its answer had (docs/operations.md "Logs").
// LOG_LEVEL=warn quiets tests and benchmarks.

const currentRequest = new AsyncLocalStorage<string>();
/** Requests inside withRequestId that have not ended yet. */
let serving = 0;

/**
 * Runs the rest of a request's handling with its id attached to every log line (server/app.ts);
 * `ended` is called once, when the request is over.
 *
 * On Node 20 an enabled AsyncLocalStorage runs an async hook for every promise, timer and socket
 * write in the process, a cached page's answers included (decision 0150). So the store is enabled
 * only while some request is being served through it, and disabled when the last one has ended:
 * a process answering only cached pages runs no hook at all.
 */
export function withRequestId<T>(id: string, work: () => T, ended: (done: () => void) => void): T {
  serving++;
  let counted = true;
  ended(() => {
    if (!counted) return;
    counted = false;
    serving--;
    if (serving === 0) currentRequest.disable();
  });
  return currentRequest.run(id, work);
}

/** What every log line gains: the id of the request being served, if any. */
export function requestLogFields(): { req?: string } {
  const req = currentRequest.getStore();
  return req ? { req } : {};
}

export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  mixin: requestLogFields,
});
