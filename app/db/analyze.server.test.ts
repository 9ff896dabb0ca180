import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { commitImport } from "~/features/import/commit.server";
import type { ImportRow } from "~/features/import/rows";
import { createTestStore, databaseOfItsOwnForThisFile } from "../../tests/support/test-db";
import { ANALYZE_AFTER_ROWS, analyzeAfterLargeWrite } from "./analyze.server";
import { adoptDatabase } from "./db.server";

// Decisions 0107, 0115: after a large write the tables it wrote are analyzed at once, on
// PGlite (no autovacuum at all) and on PostgreSQL (whose autovacuum took up to a minute, while every
// read of the store was planned as if it had a handful of products). A database of its own: no other
// file's import analyzes it meanwhile.
const database = databaseOfItsOwnForThisFile();
beforeAll(() => adoptDatabase(database));

const rowsOf = (count: number, prefix: string): ImportRow[] =>
  Array.from({ length: count }, (_, i) => ({ line: i + 2, name: `${prefix} ${i}`, priceCents: 100 + i }));

async function analyzedByUs(): Promise<boolean | undefined> {
  const result = await database.db.execute<{ analyzed: boolean }>(
    sql`select last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'product'`,
  );
  return (result as unknown as { rows: { analyzed: boolean }[] }).rows[0]?.analyzed;
}

describe("statistics after a large write", () => {
  it(`analyzes the written tables after ${ANALYZE_AFTER_ROWS} products or more, not after fewer`, async () => {
    const { ctx } = await createTestStore(database);
    await commitImport(ctx, rowsOf(ANALYZE_AFTER_ROWS - 1, "Мал"));
    await analyzeAfterLargeWrite(ANALYZE_AFTER_ROWS - 1, ["product"]);
    expect(await analyzedByUs()).toBe(false);
    await commitImport(ctx, rowsOf(ANALYZE_AFTER_ROWS, "Голем"));
    await analyzeAfterLargeWrite(ANALYZE_AFTER_ROWS, ["product", "price_history", "activity_log"]);
    expect(await analyzedByUs()).toBe(true);
  });
});
