import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Tx } from "~/db/client.server";
import { priceHistory } from "~/db/schema/activity";
import { product } from "~/db/schema/catalog";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { publicProductsQuery } from "~/features/catalog/public-products.queries.server";
import { listComplianceIssues } from "~/features/compliance/compliance.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { listPromotions } from "./promotion.server";

// Decision 0040: migration 0011 turns every "regular price above the selling price" into a
// promotion with a type and dates, without changing what the public page charges.
const database = databaseForThisFile();

const MIGRATION = readFileSync(path.resolve("drizzle", "0011_promotions-from-regular-prices.sql"), "utf8");

describe("migration 0011: reductions typed as regular prices become promotions", () => {
  it("keeps the public price, adds a type and dates, writes the price history, and clears the compliance flag", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const reduced = await createProduct(
      ctx,
      productInput({ name: "Кафе", price: "270", regularPrice: "300" }),
    );
    const plain = await createProduct(ctx, productInput({ name: "Чај", price: "100", regularPrice: "100" }));
    expect((await listComplianceIssues(ctx, [reduced.id]))[reduced.id]).toContain("promotionDates");

    // The migration touches every store: on a PostgreSQL database shared with other test files it
    // runs in a transaction rolled back at the end, so no other file ever sees it.
    const rollback = new Error("rollback");
    const migrateAndCheck = async (db: Tx) => {
      const tx = { ...ctx, db };
      for (const statement of MIGRATION.split("--> statement-breakpoint"))
        await db.execute(sql.raw(statement));
      const [row] = await db.select().from(product).where(eq(product.id, reduced.id));
      expect(row).toMatchObject({ priceCents: 30_000, regularPriceCents: null });
      const [untouched] = await db.select().from(product).where(eq(product.id, plain.id));
      expect(untouched).toMatchObject({ priceCents: 10_000, regularPriceCents: 10_000 });
      const history = await db.select().from(priceHistory).where(eq(priceHistory.productId, reduced.id));
      expect(history.at(-1)).toMatchObject({
        oldPriceCents: 27_000,
        newPriceCents: 30_000,
        source: "promotion",
      });
      const [migrated] = await listPromotions(tx);
      expect(migrated).toMatchObject({
        name: "Попуст",
        type: "sales_action",
        state: "active",
        productCount: 1,
      });
      const [shown] = await publicProductsQuery(db, storeId, { filters: { promo: true } });
      expect(shown).toMatchObject({
        name: "Кафе",
        priceCents: 27_000,
        regularPriceCents: 30_000,
        promotionType: "sales_action",
        promotionStartsOn: migrated!.startsOn,
        promotionEndsOn: migrated!.endsOn,
      });
      expect((await listComplianceIssues(tx, [reduced.id]))[reduced.id] ?? []).not.toContain(
        "promotionDates",
      );
      throw rollback;
    };
    await expect(database.db.transaction(migrateAndCheck)).rejects.toBe(rollback);
    const [after] = await database.db.select().from(product).where(eq(product.id, reduced.id));
    expect(after).toMatchObject({ priceCents: 27_000, regularPriceCents: 30_000 });
  });
});
