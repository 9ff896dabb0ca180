// Decision 0107: PGlite runs every statement on the main thread, and a chain of
// awaited PGlite statements resolves in microtasks, so a long transaction (a 20,000-row import, a
// bulk price change) never let the event loop run: no socket was read, no cached page answered,
// until it committed. Awaiting this between a long write's chunks lets the loop run once (timers,
// sockets, answers from memory) inside the same transaction: nothing is committed early, and other
// queries still wait for the transaction (PGlite runs one at a time). On PostgreSQL it costs a turn
// of the loop per chunk.

/** One turn of the event loop between two chunks of a long write. */
export function letOthersRun(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
