import { randomUUID } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { product } from "~/db/schema/catalog";
import { searchKey } from "~/lib/transliterate";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { BULK_INDEX_ROWS, bulkTrigramIndex } from "./bulk-index.server";
import { commitImport } from "./commit.server";
import type { ImportRow } from "./rows";

const database = databaseForThisFile();

const reloptions = async () => {
  const result = await database.db.execute(
    sql`select coalesce(array_to_string(reloptions, ','), '') as options from pg_class where relname = 'product_search_trgm_idx'`,
  );
  return (result as unknown as { rows: { options: string }[] }).rows[0]?.options;
};

describe("a large import's trigram index (decision 0076)", () => {
  it("leaves the index as it was and complete after a large import (through the pending list on PGlite)", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const rows: ImportRow[] = Array.from({ length: BULK_INDEX_ROWS + 1 }, (_, i) => ({
      line: i + 2,
      name: `Артикл ${i} ${i === 1234 ? "ксилофонче" : "обичен"}`,
      priceCents: 100 + i,
    }));
    const result = await commitImport(ctx, rows);
    expect(result.counts.added).toBe(BULK_INDEX_ROWS + 1);
    expect(await reloptions()).toBe("fastupdate=false");
    // Search by a rare word goes through the index and finds the row (no pending list left over).
    const pending = await database.db
      .execute(
        sql`select n_pending_tuples::int as n from pgstatginindex('product_search_trgm_idx'::regclass)`,
      )
      .catch(() => null);
    if (pending) expect((pending as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    const found = await database.db
      .select({ name: product.name })
      .from(product)
      .where(and(eq(product.storeId, storeId), like(product.searchText, `%${searchKey("ксилофонче")}%`)));
    expect(found.map((row) => row.name)).toEqual(["Артикл 1234 ксилофонче"]);
  });

  it("leaves the index as it was when the import fails", async () => {
    const { ctx } = await createTestStore(database);
    const rows: ImportRow[] = Array.from({ length: BULK_INDEX_ROWS }, (_, i) => ({
      line: i + 2,
      name: `Ред ${i}`,
      // The last row's price is no whole number of cents: the database refuses it, all rolls back.
      priceCents: i === BULK_INDEX_ROWS - 1 ? 0.5 : 100,
    }));
    await expect(commitImport(ctx, rows)).rejects.toThrow();
    expect(await reloptions()).toBe("fastupdate=false");
  });

  // Decision 0139: on a server, another store's page reads products while a shop imports.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "on PostgreSQL, another session reads products while a large import's transaction is open",
    async () => {
      const other = await openDatabase({ url: process.env.TEST_DATABASE_URL! });
      try {
        let counted: unknown;
        await database.db.transaction(async (tx) => {
          const bulk = await bulkTrigramIndex(tx, BULK_INDEX_ROWS + 1);
          counted = await other.db.transaction(async (read) => {
            await read.execute(sql`set local lock_timeout = '2s'`);
            const result = await read.execute(
              sql`select count(*)::int as n from product where store_id = ${randomUUID()}`,
            );
            return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
          });
          await bulk.done();
        });
        expect(counted).toBe(0);
      } finally {
        await other.close();
      }
    },
  );
});
