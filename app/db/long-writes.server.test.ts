import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bulkActionSchema } from "~/features/catalog/product-bulk.schema";
import { runBulkAction } from "~/features/catalog/product-bulk.server";
import { commitImport } from "~/features/import/commit.server";
import type { ImportRow } from "~/features/import/rows";
import { startRouteDatabase } from "../../tests/support/route-harness";
import { createTestStore } from "../../tests/support/test-db";
import type { Database } from "./client.server";
import { closeDatabase } from "./db.server";

// Decision 0107: on PGlite a long import or bulk price change held the event loop
// for its whole transaction (no socket read, no cached page answered). The statistics it leaves:
// analyze.server.test.ts.

let database: Database;
beforeAll(async () => {
  database = await startRouteDatabase();
});
afterAll(async () => {
  await closeDatabase();
});

const rowsOf = (count: number, prefix: string): ImportRow[] =>
  Array.from({ length: count }, (_, i) => ({ line: i + 2, name: `${prefix} ${i}`, priceCents: 100 + i }));

/** How many times a 1 ms timer ran while `write` did. */
async function timerTurnsDuring(write: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  const timer = setInterval(() => turns++, 1);
  try {
    await write();
    return turns;
  } finally {
    clearInterval(timer);
  }
}

describe("long writes and the rest of the process", () => {
  it("lets timers run between an import's chunks and a bulk change's chunks, inside their transactions", async () => {
    const { ctx } = await createTestStore(database);
    expect(await timerTurnsDuring(() => commitImport(ctx, rowsOf(5000, "Производ")))).toBeGreaterThan(0);
    const input = (plan: string) =>
      bulkActionSchema.parse({ action: "pricePercent", scope: "all", query: "", value: "10", plan });
    const preview = (await runBulkAction(ctx, input(""))) as { preview: { plan: string } };
    let count = 0;
    const turns = await timerTurnsDuring(async () => {
      count = ((await runBulkAction(ctx, input(preview.preview.plan))) as { count: number }).count;
    });
    expect(count).toBeGreaterThan(4900);
    expect(turns).toBeGreaterThan(0);
  });
});
