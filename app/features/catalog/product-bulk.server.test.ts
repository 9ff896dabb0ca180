import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { activityLog, priceHistory } from "~/db/schema/activity";
import { category, product } from "~/db/schema/catalog";
import type { StoreContext } from "~/lib/service-context";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { createProduct } from "./product.server";
import { productInput } from "./product.test-support";
import { bulkActionSchema, priceAfterAmount, priceAfterPercent } from "./product-bulk.schema";
import { countSelection, runBulkAction } from "./product-bulk.server";

const database = databaseForThisFile();

const bulk = (input: Record<string, unknown>) => bulkActionSchema.parse({ scope: "ids", ...input });

/** A price change as the owner makes it: the preview, then its confirmation (decision 0032). */
async function confirmed(ctx: StoreContext, input: Record<string, unknown>) {
  const first = await runBulkAction(ctx, bulk(input));
  if (!("preview" in first)) throw new Error("a price change was written without its preview");
  return runBulkAction(ctx, bulk({ ...input, plan: first.preview.plan }));
}

async function prices(ctx: StoreContext) {
  const rows = await database.db
    .select({
      name: product.name,
      priceCents: product.priceCents,
      status: product.status,
      categoryId: product.categoryId,
    })
    .from(product)
    .where(eq(product.storeId, ctx.storeId))
    .orderBy(asc(product.name));
  return rows;
}

async function activityTypes(storeId: string) {
  const rows = await database.db
    .select({ type: activityLog.type })
    .from(activityLog)
    .where(eq(activityLog.storeId, storeId));
  return rows.map((row) => row.type).sort();
}

describe("price arithmetic", () => {
  it("rounds to whole denars", () => {
    expect(priceAfterPercent(12990, 1000)).toBe(14300); // 142.89 → 143
    expect(priceAfterPercent(9950, -1000)).toBe(9000); // 89.55 → 90
    expect(priceAfterPercent(10000, 250)).toBe(10300); // 102.50 → 103 (half up)
    expect(priceAfterAmount(12990, 1000)).toBe(14000); // 139.90 → 140
    expect(priceAfterAmount(5000, -2049)).toBe(3000); // 29.51 → 30
  });

  it("reads percentages and amounts with a comma or a point", () => {
    expect(bulk({ action: "pricePercent", value: "12,5" })).toMatchObject({ value: 1250 });
    expect(bulk({ action: "pricePercent", value: "-10" })).toMatchObject({ value: -1000 });
    expect(bulk({ action: "priceAmount", value: "-20,50" })).toMatchObject({ value: -2050 });
    expect(bulkActionSchema.safeParse({ action: "pricePercent", scope: "ids", value: "-100" }).success).toBe(
      false,
    );
    expect(bulkActionSchema.safeParse({ action: "pricePercent", scope: "ids", value: "abc" }).success).toBe(
      false,
    );
    expect(bulkActionSchema.safeParse({ action: "priceAmount", scope: "ids", value: "0" }).success).toBe(
      false,
    );
  });
});

describe("bulk actions", () => {
  it("changes prices of the ticked products with price history and activity for each", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const a = await createProduct(ctx, productInput({ name: "A", price: "129,90" }));
    const b = await createProduct(ctx, productInput({ name: "B", price: "50" }));
    await createProduct(ctx, productInput({ name: "C", price: "10" }));
    const result = await confirmed(ctx, { action: "pricePercent", value: "10", ids: [a.id, b.id] });
    expect(result).toEqual({ count: 2, skipped: 0, failed: 0 });
    expect((await prices(ctx)).map((row) => [row.name, row.priceCents])).toEqual([
      ["A", 14300],
      ["B", 5500],
      ["C", 1000],
    ]);
    const history = await database.db
      .select({
        productId: priceHistory.productId,
        old: priceHistory.oldPriceCents,
        next: priceHistory.newPriceCents,
        source: priceHistory.source,
      })
      .from(priceHistory)
      .where(and(eq(priceHistory.storeId, storeId), eq(priceHistory.source, "bulk")));
    expect(history).toHaveLength(2);
    expect(history).toContainEqual({ productId: a.id, old: 12990, next: 14300, source: "bulk" });
    const updates = await database.db
      .select({ details: activityLog.details })
      .from(activityLog)
      .where(and(eq(activityLog.storeId, storeId), eq(activityLog.type, "price_updated")));
    expect(updates.map((row) => row.details)).toContainEqual({
      name: "B",
      oldPriceCents: 5000,
      newPriceCents: 5500,
    });
  });

  it("logs unchanged prices as skipped and impossible ones as errors, leaving them as they were", async () => {
    const { ctx, storeId } = await createTestStore(database);
    await createProduct(ctx, productInput({ name: "A", price: "10" }));
    await createProduct(ctx, productInput({ name: "B", price: "0,40" }));
    await createProduct(ctx, productInput({ name: "C", price: "90", regularPrice: "100" }));
    const all = { scope: "all", query: "" };
    expect(await confirmed(ctx, { action: "priceAmount", value: "-20", ...all })).toEqual({
      count: 1,
      skipped: 0,
      failed: 2,
    });
    // +0.20 den. rounds back to the same whole denar for A (10.20 → 10) and C (70.20 → 70).
    expect(await confirmed(ctx, { action: "priceAmount", value: "0,20", ...all })).toEqual({
      count: 1,
      skipped: 2,
      failed: 0,
    });
    expect((await prices(ctx)).map((row) => row.priceCents)).toEqual([1000, 100, 7000]);
    // +50 %: C would pass its regular price of 100 den.
    expect(await confirmed(ctx, { action: "pricePercent", value: "50", ...all })).toEqual({
      count: 2,
      skipped: 0,
      failed: 1,
    });
    expect((await prices(ctx)).map((row) => row.priceCents)).toEqual([1500, 200, 7000]);
    const types = await activityTypes(storeId);
    expect(types.filter((type) => type === "price_update_error")).toHaveLength(3);
    expect(types.filter((type) => type === "price_update_skipped")).toHaveLength(2);
  });

  it("acts on everything matching the filters without a list of ids", async () => {
    const { ctx } = await createTestStore(database);
    await createProduct(ctx, productInput({ name: "Леб бел" }));
    await createProduct(ctx, productInput({ name: "Леб црн" }));
    await createProduct(ctx, productInput({ name: "Млеко" }));
    const selection = { scope: "all", query: "q=leb&sort=price" };
    expect(await countSelection(ctx, { ...selection, scope: "all", ids: [] })).toBe(2);
    expect(await runBulkAction(ctx, bulk({ action: "deactivate", ...selection }))).toMatchObject({
      count: 2,
    });
    expect((await prices(ctx)).map((row) => [row.name, row.status])).toEqual([
      ["Леб бел", "inactive"],
      ["Леб црн", "inactive"],
      ["Млеко", "active"],
    ]);
    await runBulkAction(ctx, bulk({ action: "activate", scope: "all", query: "status=inactive" }));
    expect((await prices(ctx)).every((row) => row.status === "active")).toBe(true);
  });

  it("assigns and removes a category, and refuses another store's category", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const other = await createTestStore(database);
    const [mine] = await database.db.insert(category).values({ storeId, name: "Пекара" }).returning();
    const [theirs] = await database.db
      .insert(category)
      .values({ storeId: other.storeId, name: "Туѓа" })
      .returning();
    const p = await createProduct(ctx, productInput({ name: "Леб" }));
    await runBulkAction(ctx, bulk({ action: "assignCategory", categoryId: mine!.id, ids: [p.id] }));
    expect((await prices(ctx))[0]!.categoryId).toBe(mine!.id);
    await expect(
      runBulkAction(ctx, bulk({ action: "assignCategory", categoryId: theirs!.id, ids: [p.id] })),
    ).rejects.toMatchObject({ code: "notFound" });
    expect((await prices(ctx))[0]!.categoryId).toBe(mine!.id);
    await runBulkAction(ctx, bulk({ action: "assignCategory", categoryId: "", ids: [p.id] }));
    expect((await prices(ctx))[0]!.categoryId).toBeNull();
  });

  it("bulk-deletes with one activity row carrying the count, the names and deletedAt", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const a = await createProduct(ctx, productInput({ name: "A" }));
    const b = await createProduct(ctx, productInput({ name: "B" }));
    await createProduct(ctx, productInput({ name: "C" }));
    expect(
      await runBulkAction(ctx, bulk({ action: "delete", ids: [a.id, b.id], confirmed: "dialog" })),
    ).toMatchObject({
      count: 2,
    });
    expect((await prices(ctx)).map((row) => row.name)).toEqual(["C"]);
    const [row] = await database.db
      .select({ details: activityLog.details })
      .from(activityLog)
      .where(and(eq(activityLog.storeId, storeId), eq(activityLog.type, "products_bulk_deleted")));
    expect(row?.details).toMatchObject({ count: 2, names: expect.arrayContaining(["A", "B"]) });
    expect(typeof row?.details.deletedAt).toBe("string");
  });

  it("never touches another store's products, by id or by filter", async () => {
    const mine = await createTestStore(database);
    const theirs = await createTestStore(database);
    const foreign = await createProduct(theirs.ctx, productInput({ name: "Туѓ", price: "100" }));
    const mineProduct = await createProduct(mine.ctx, productInput({ name: "Мој", price: "100" }));
    for (const action of ["delete", "deactivate", "pricePercent"] as const) {
      const input = action === "pricePercent" ? { value: "50" } : {};
      await expect(
        runBulkAction(mine.ctx, bulk({ action, ids: [foreign.id], ...input })),
      ).rejects.toMatchObject({
        code: "notFound",
      });
      await expect(
        runBulkAction(mine.ctx, bulk({ action, ids: [mineProduct.id, foreign.id], ...input })),
      ).rejects.toMatchObject({ code: "notFound" });
    }
    expect(await prices(mine.ctx)).toMatchObject([{ name: "Мој", priceCents: 10000, status: "active" }]);
    for (const action of ["delete", "deactivate", "pricePercent"] as const) {
      const input = action === "pricePercent" ? { value: "50" } : {};
      await (action === "pricePercent"
        ? confirmed(mine.ctx, { action, scope: "all", query: "", ...input })
        : runBulkAction(mine.ctx, bulk({ action, scope: "all", query: "", confirmed: "dialog", ...input })));
    }
    expect(await prices(theirs.ctx)).toMatchObject([{ name: "Туѓ", priceCents: 10000, status: "active" }]);
    expect(await activityTypes(theirs.storeId)).toEqual(["product_added"]);
  });

  it("changes nothing when the transaction fails half way", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const a = await createProduct(ctx, productInput({ name: "A", price: "100" }));
    const b = await createProduct(ctx, productInput({ name: "B", price: "100" }));
    // A database whose activity insert fails after the prices were updated in the transaction.
    const dialect = new PgDialect();
    const failing: StoreContext = {
      ...ctx,
      db: new Proxy(database.db, {
        get(target, key, receiver) {
          if (key !== "transaction") return Reflect.get(target, key, receiver);
          return (run: (tx: unknown) => Promise<unknown>) =>
            target.transaction(async (tx) =>
              run(
                new Proxy(tx, {
                  get(inner, name, innerReceiver) {
                    if (name !== "execute") return Reflect.get(inner, name, innerReceiver);
                    return (query: SQL) => {
                      if (dialect.sqlToQuery(query).sql.includes("insert into activity_log"))
                        throw new Error("disk full");
                      return inner.execute(query);
                    };
                  },
                }),
              ),
            );
        },
      }),
    };
    await expect(
      confirmed(failing, { action: "pricePercent", value: "10", ids: [a.id, b.id] }),
    ).rejects.toMatchObject({ code: "priceUpdateFailed" });
    await expect(
      runBulkAction(failing, bulk({ action: "delete", ids: [a.id, b.id], confirmed: "dialog" })),
    ).rejects.toMatchObject({
      code: "productDeleteFailed",
    });
    expect((await prices(ctx)).map((row) => row.priceCents)).toEqual([10000, 10000]);
    const bulkHistory = await database.db
      .select()
      .from(priceHistory)
      .where(and(inArray(priceHistory.productId, [a.id, b.id]), eq(priceHistory.source, "bulk")));
    expect(bulkHistory).toEqual([]);
    expect(await activityTypes(storeId)).toEqual(["product_added", "product_added"]);
  });
});
