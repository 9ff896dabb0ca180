import type { Server } from "node:http";

// Node closes a kept-alive connection after 5 s without a request. Its timer fires
// before the event loop reads the sockets, so when the loop is busy for longer than that (PGlite
// runs every query on the main thread; an import's transaction held it for seconds), a request
// that had already arrived on an idle connection is discarded with the connection: the client sees
// ECONNRESET, and a form's POST is not retried by browsers. The soak's bulk price change failed so
// (decision 0100). 65 s is longer than any stall seen and than the 60 s idle timeout of common load
// balancers (which must close first, or they reuse a connection the server is closing).

export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function applyHttpTimeouts(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Node's guidance: the headers' timeout above the keep-alive one, so a request begun on a
  // connection about to time out is not cut by the other timer.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}
