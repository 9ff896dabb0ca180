import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, priceHistory } from "~/db/schema/activity";
import { product } from "~/db/schema/catalog";
import type { StoreContext } from "~/lib/service-context";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { createProduct } from "./product.server";
import { changeProduct, productInput } from "./product.test-support";
import { bulkActionSchema } from "./product-bulk.schema";
import { runBulkAction } from "./product-bulk.server";

// Decision 0032: a bulk price change shows what it will do and writes nothing until confirmed;
// the confirmation applies exactly the previewed change, or nothing and a new preview.

const database = databaseForThisFile();

const bulk = (input: Record<string, unknown>) => bulkActionSchema.parse({ scope: "ids", ...input });

/** Everything a price change could write for a store. */
async function storeRows(storeId: string) {
  const [products, history, activity] = await Promise.all([
    database.db.select().from(product).where(eq(product.storeId, storeId)).orderBy(product.id),
    database.db.select().from(priceHistory).where(eq(priceHistory.storeId, storeId)).orderBy(priceHistory.id),
    database.db.select().from(activityLog).where(eq(activityLog.storeId, storeId)).orderBy(activityLog.id),
  ]);
  return JSON.stringify({ products, history, activity });
}

async function priceOf(id: string) {
  const [row] = await database.db
    .select({ cents: product.priceCents })
    .from(product)
    .where(eq(product.id, id));
  return row?.cents;
}

async function previewOf(ctx: StoreContext, input: Record<string, unknown>) {
  const result = await runBulkAction(ctx, bulk(input));
  if (!("preview" in result)) throw new Error("the price change was written without a preview");
  return result;
}

async function shop() {
  const store = await createTestStore(database);
  const add = (name: string, price: string, regularPrice = "") =>
    createProduct(store.ctx, productInput({ name, price, regularPrice }));
  const products = {
    jabolka: await add("Јаболка", "129,90"),
    banani: await add("Банани", "50"),
    dzem: await add("Џем", "200", "210"),
    aronija: await add("Аронија", "4"),
    ljuti: await add("Љути пиперки", "80"),
  };
  return { ...store, products };
}

describe("bulk price preview", () => {
  it("states the count, examples old → new in alphabetical order, and writes nothing", async () => {
    const { ctx, storeId } = await shop();
    const before = await storeRows(storeId);
    const { preview, stale } = await previewOf(ctx, { action: "pricePercent", value: "10", scope: "all" });
    expect(stale).toBe(false);
    expect(preview).toMatchObject({ selected: 5, changed: 3, skipped: 1, failed: 1 });
    // Аронија: 4,40 rounds back to 4 den. (skipped); Џем: 220 would pass its regular price of 210.
    expect(preview.examples).toEqual([
      { name: "Банани", oldPriceCents: 5000, newPriceCents: 5500 },
      { name: "Јаболка", oldPriceCents: 12990, newPriceCents: 14300 },
      { name: "Љути пиперки", oldPriceCents: 8000, newPriceCents: 8800 },
    ]);
    expect(preview.plan).toMatch(/^[0-9a-f]{64}$/);
    expect(await storeRows(storeId)).toBe(before);
  });

  it("confirming applies exactly the previewed prices", async () => {
    const { ctx, storeId, products } = await shop();
    const input = { action: "priceAmount", value: "-20,50", ids: [products.banani.id, products.jabolka.id] };
    const { preview } = await previewOf(ctx, input);
    expect(preview.examples).toEqual([
      { name: "Банани", oldPriceCents: 5000, newPriceCents: 3000 },
      { name: "Јаболка", oldPriceCents: 12990, newPriceCents: 10900 },
    ]);
    expect(await runBulkAction(ctx, bulk({ ...input, plan: preview.plan }))).toEqual({
      count: 2,
      skipped: 0,
      failed: 0,
    });
    expect(await priceOf(products.banani.id)).toBe(3000);
    expect(await priceOf(products.jabolka.id)).toBe(10900);
    expect(await priceOf(products.ljuti.id)).toBe(8000);
    const history = await database.db.select().from(priceHistory).where(eq(priceHistory.storeId, storeId));
    expect(history.filter((row) => row.source === "bulk")).toHaveLength(2);
  });

  it("a price changed after the preview: nothing is written and the new preview is shown", async () => {
    const { ctx, storeId, products } = await shop();
    const input = { action: "pricePercent", value: "10", ids: [products.banani.id, products.jabolka.id] };
    const { preview } = await previewOf(ctx, input);
    await changeProduct(ctx, products.banani.id, { priceCents: 6000 });
    const before = await storeRows(storeId);
    const again = await runBulkAction(ctx, bulk({ ...input, plan: preview.plan }));
    expect(again).toMatchObject({ stale: true, preview: { changed: 2 } });
    expect(await storeRows(storeId)).toBe(before);
    if (!("preview" in again)) throw new Error("expected a new preview");
    expect(again.preview.examples[0]).toEqual({ name: "Банани", oldPriceCents: 6000, newPriceCents: 6600 });
    expect(await runBulkAction(ctx, bulk({ ...input, plan: again.preview.plan }))).toMatchObject({
      count: 2,
    });
    expect(await priceOf(products.banani.id)).toBe(6600);
  });

  it("a product that starts matching the filter after the preview is not changed blindly", async () => {
    const { ctx, storeId } = await shop();
    const input = { action: "pricePercent", value: "10", scope: "all", query: "q=banani" };
    const { preview } = await previewOf(ctx, input);
    expect(preview.selected).toBe(1);
    await createProduct(ctx, productInput({ name: "Банани зелени", price: "70" }));
    const before = await storeRows(storeId);
    expect(await runBulkAction(ctx, bulk({ ...input, plan: preview.plan }))).toMatchObject({
      stale: true,
      preview: { selected: 2 },
    });
    expect(await storeRows(storeId)).toBe(before);
  });

  it("a made-up digest writes nothing", async () => {
    const { ctx, storeId } = await shop();
    const before = await storeRows(storeId);
    const forged = bulk({ action: "pricePercent", value: "10", scope: "all", plan: "a".repeat(64) });
    expect(await runBulkAction(ctx, forged)).toMatchObject({ stale: true });
    expect(await storeRows(storeId)).toBe(before);
    expect(
      bulkActionSchema.safeParse({ action: "pricePercent", scope: "all", value: "10", plan: "x" }).success,
    ).toBe(false);
  });

  it("another store's product ids, in the preview or the confirmation, change nothing", async () => {
    const mine = await shop();
    const theirs = await shop();
    const before = await storeRows(theirs.storeId);
    const foreign = [theirs.products.banani.id];
    await expect(
      runBulkAction(mine.ctx, bulk({ action: "pricePercent", value: "10", ids: foreign })),
    ).rejects.toMatchObject({ code: "notFound" });
    const { preview } = await previewOf(mine.ctx, {
      action: "pricePercent",
      value: "10",
      ids: [mine.products.banani.id],
    });
    for (const ids of [foreign, [mine.products.banani.id, ...foreign]]) {
      await expect(
        runBulkAction(mine.ctx, bulk({ action: "pricePercent", value: "10", ids, plan: preview.plan })),
      ).rejects.toMatchObject({ code: "notFound" });
    }
    expect(await storeRows(theirs.storeId)).toBe(before);
  });
});
