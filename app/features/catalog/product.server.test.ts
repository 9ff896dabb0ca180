import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, priceHistory } from "~/db/schema/activity";
import { category } from "~/db/schema/catalog";
import { productInput } from "~/features/catalog/product.test-support";
import { AppError } from "~/lib/app-error";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from "./product.server";

const database = databaseForThisFile();

const form = (overrides: Record<string, string> = {}) =>
  productInput({
    name: "Млеко Бимилк 1 л",
    price: "65,00",
    vatRate: "5",
    netQuantity: "1",
    netUnit: "l",
    quantity: "12",
    ...overrides,
  });

describe("products", () => {
  it("creates a product with its first price in the history and a 'product added' activity", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const product = await createProduct(ctx, form());
    expect(product).toMatchObject({ name: "Млеко Бимилк 1 л", priceCents: 6500, netQuantityMilli: 1000 });
    const history = await database.db
      .select()
      .from(priceHistory)
      .where(eq(priceHistory.productId, product.id));
    expect(history).toMatchObject([{ oldPriceCents: null, newPriceCents: 6500, source: "form", storeId }]);
    const activity = await database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.productId, product.id));
    expect(activity.map((row) => row.type)).toEqual(["product_added"]);
  });

  it("logs a price change as old → new and an unchanged price as skipped", async () => {
    const { ctx } = await createTestStore(database);
    const product = await createProduct(ctx, form());
    await updateProduct(ctx, product.id, form({ price: "69,90" }));
    await updateProduct(ctx, product.id, form({ price: "69.90", name: "Млеко Бимилк 3,2% 1 л" }));
    const history = await database.db
      .select()
      .from(priceHistory)
      .where(eq(priceHistory.productId, product.id))
      .orderBy(priceHistory.changedAt);
    expect(history.map((row) => [row.oldPriceCents, row.newPriceCents])).toEqual([
      [null, 6500],
      [6500, 6990],
    ]);
    const types = await database.db
      .select({ type: activityLog.type, details: activityLog.details })
      .from(activityLog)
      .where(eq(activityLog.productId, product.id))
      .orderBy(activityLog.createdAt);
    expect(types.map((row) => row.type).sort()).toEqual(
      ["price_update_skipped", "price_updated", "product_added", "product_updated", "product_updated"].sort(),
    );
    expect(types.find((row) => row.type === "price_updated")?.details).toMatchObject({
      oldPriceCents: 6500,
      newPriceCents: 6990,
    });
  });

  it("finds products by Cyrillic or Latin spelling", async () => {
    const { ctx } = await createTestStore(database);
    await createProduct(ctx, form({ name: "Леб бел Жито Лукс 500 г" }));
    await createProduct(ctx, form({ name: "Шеќер кристал 1 кг" }));
    expect((await listProducts(ctx, { q: "leb", page: 1, pageSize: 10 })).rows.map((r) => r.name)).toEqual([
      "Леб бел Жито Лукс 500 г",
    ]);
    expect((await listProducts(ctx, { q: "ŠEĆER", page: 1, pageSize: 10 })).total).toBe(1);
    expect((await listProducts(ctx, { q: "ЖИТО", page: 1, pageSize: 10 })).total).toBe(1);
  });

  it("never reads, changes or deletes another store's product", async () => {
    const mine = await createTestStore(database);
    const theirs = await createTestStore(database);
    const product = await createProduct(theirs.ctx, form({ name: "Туѓ производ" }));
    await expect(getProduct(mine.ctx, product.id)).rejects.toThrow(AppError);
    await expect(updateProduct(mine.ctx, product.id, form({ price: "1" }))).rejects.toMatchObject({
      code: "notFound",
    });
    await expect(deleteProduct(mine.ctx, product.id)).rejects.toMatchObject({ code: "notFound" });
    expect((await listProducts(mine.ctx, { page: 1, pageSize: 50 })).total).toBe(0);
    expect(await getProduct(theirs.ctx, product.id)).toMatchObject({
      name: "Туѓ производ",
      priceCents: 6500,
    });
  });

  it("refuses a category of another store", async () => {
    const mine = await createTestStore(database);
    const theirs = await createTestStore(database);
    const [foreign] = await database.db
      .insert(category)
      .values({ storeId: theirs.storeId, name: "Туѓа" })
      .returning();
    await expect(createProduct(mine.ctx, form({ categoryId: foreign!.id }))).rejects.toMatchObject({
      code: "validation",
    });
    expect((await listProducts(mine.ctx, { page: 1, pageSize: 50 })).total).toBe(0);
  });

  it("deletes a product and records its name in the activity log", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const product = await createProduct(ctx, form({ name: "За бришење" }));
    await deleteProduct(ctx, product.id);
    await expect(getProduct(ctx, product.id)).rejects.toMatchObject({ code: "notFound" });
    const [deleted] = await database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.storeId, storeId), eq(activityLog.type, "product_deleted")));
    expect(deleted?.details).toMatchObject({ name: "За бришење" });
  });

  it("takes an uploaded image only when the key is this store's own", async () => {
    const mine = await createTestStore(database);
    const theirs = await createTestStore(database);
    const ownKey = `stores/${mine.storeId}/product/${"a".repeat(24)}`;
    const created = await createProduct(mine.ctx, form({ imageKey: ownKey }));
    expect(created.imageUrl).toMatch(new RegExp(`${ownKey}-[a-z0-9]+\\.webp$`));
    const foreignKey = `stores/${theirs.storeId}/product/${"b".repeat(24)}`;
    await expect(createProduct(mine.ctx, form({ imageKey: foreignKey }))).rejects.toMatchObject({
      code: "validation",
    });
    await expect(
      updateProduct(mine.ctx, created.id, form({ imageKey: "../../etc/passwd" })),
    ).rejects.toMatchObject({
      code: "validation",
    });
    expect((await getProduct(mine.ctx, created.id)).imageUrl).toBe(created.imageUrl);
  });
});
