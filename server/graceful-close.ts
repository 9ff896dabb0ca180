import type { Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";

// On SIGTERM the server stops accepting connections and lets the
// requests in flight finish (up to a limit); every answer from then on says "Connection: close", so
// each kept-alive client leaves after its last answer instead of having its connection cut under a
// request it is sending. Only then is the database closed (server/start.ts).

/** How long a kept-alive connection may sit idle after the close began before it is closed. */
const IDLE_GRACE_MS = 1_000;

export type Drain = {
  /** Requests being answered now. */
  inFlight: () => number;
  /** Stops accepting, waits until every connection has ended (up to timeoutMs), then cuts the rest. */
  close: (timeoutMs: number) => Promise<"drained" | "timed out">;
};

export function drainable(server: Server): Drain {
  const active = new Set<ServerResponse>();
  let closing = false;

  // First among the request listeners, so even an answer sent synchronously by the handler is marked.
  server.prependListener("request", (_req, res: ServerResponse) => {
    active.add(res);
    if (closing) res.setHeader("Connection", "close");
    res.once("close", () => active.delete(res));
  });

  return {
    inFlight: () => active.size,
    close(timeoutMs) {
      closing = true;
      for (const res of active) if (!res.headersSent) res.setHeader("Connection", "close");
      return new Promise((resolve) => {
        // A connection still idle a second later belongs to a client that is not sending (a browser
        // tab left open): it is closed then, and again each second, rather than at Node's 5 s timeout.
        const idle = setInterval(() => server.closeIdleConnections(), IDLE_GRACE_MS);
        const timer = setTimeout(() => {
          clearInterval(idle);
          server.closeAllConnections();
          resolve("timed out");
        }, timeoutMs);
        // net.Server's close stops listening and calls back when the last connection has ended;
        // http.Server's own close (Node 19+) would also cut the idle kept-alive connections at once,
        // racing a request a client is sending on one. Those end a second later instead (above).
        NetServer.prototype.close.call(server, () => {
          clearInterval(idle);
          clearTimeout(timer);
          resolve("drained");
        });
      });
    },
  };
}
