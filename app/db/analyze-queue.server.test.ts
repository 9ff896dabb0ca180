import { expect, it } from "vitest";
import { analyzeAfterLargeWrite } from "./analyze.server";
import type { Database } from "./client.server";

// An ANALYZE queued on a database that then closed (or hangs) never holds up another database's.

function databaseAnswering(execute: () => Promise<unknown>): Database & { statements: number } {
  const database = {
    statements: 0,
    db: {
      execute: () => {
        database.statements += 1;
        return execute();
      },
    },
    close: async () => {},
  };
  return database as unknown as Database & { statements: number };
}

it("queues each database's ANALYZE on its own", async () => {
  const stuck = databaseAnswering(() => new Promise(() => {}));
  void analyzeAfterLargeWrite(1000, ["product"], stuck);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(stuck.statements).toBe(1);

  const next = databaseAnswering(async () => ({ rows: [] }));
  await analyzeAfterLargeWrite(1000, ["product"], next);
  expect(next.statements).toBe(1);
});
