import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { requestServed } from "./request-storages.server";

// One JSON line per request (ARCHITECTURE.md), and every line logged while a request is served
// carries that request's id ("req"), the X-Request-Id its answer had (docs/operations.md "Logs").
// LOG_LEVEL=warn quiets tests and benchmarks.

const currentRequest = new AsyncLocalStorage<string>();

/**
 * Runs the rest of a request's handling with its id attached to every log line (server/app.ts);
 * `ended` is called once, when the request is over. While no request is being served, this store
 * and every other one that has run are off (request-storages.server.ts, decisions 0150, 0152).
 */
export function withRequestId<T>(id: string, work: () => T, ended: (done: () => void) => void): T {
  ended(requestServed());
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
