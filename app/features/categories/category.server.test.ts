import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { product } from "~/db/schema/catalog";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { categorySchema } from "./category.schema";
import {
  createCategory,
  deleteCategory,
  listCategoriesWithCounts,
  moveCategory,
  renameCategory,
} from "./category.server";

const database = databaseForThisFile();

const name = (value: string) => categorySchema.parse({ name: value });
const productIn = (categoryId: string | null) =>
  productInput({ name: "Леб", price: "40", vatRate: "5", categoryId: categoryId ?? "" });

describe("categories", () => {
  it("requires a name of at most 100 characters", () => {
    expect(categorySchema.safeParse({ name: "  " }).error?.issues[0]?.message).toBe("validation:required");
    expect(categorySchema.safeParse({ name: "к".repeat(101) }).error?.issues[0]?.message).toBe(
      "validation:categoryNameTooLong",
    );
    expect(categorySchema.parse({ name: "к".repeat(100) }).name).toHaveLength(100);
  });

  it("keeps names unique in a store regardless of case, but not across stores", async () => {
    const { ctx } = await createTestStore(database);
    const other = await createTestStore(database);
    const bread = await createCategory(ctx, name("Пекара"));
    await expect(createCategory(ctx, name("ПЕКАРА"))).rejects.toMatchObject({
      code: "validation",
      fields: { name: "errors:categoryNameTaken" },
    });
    await createCategory(other.ctx, name("пекара"));
    const milk = await createCategory(ctx, name("Млечни"));
    await expect(renameCategory(ctx, milk.id, name("пекара"))).rejects.toMatchObject({ code: "validation" });
    await renameCategory(ctx, bread.id, name("Пекарски"));
    expect((await listCategoriesWithCounts(ctx)).map((row) => row.name)).toEqual(["Пекарски", "Млечни"]);
  });

  it("counts products and reorders", async () => {
    const { ctx } = await createTestStore(database);
    const a = await createCategory(ctx, name("A"));
    const b = await createCategory(ctx, name("B"));
    const c = await createCategory(ctx, name("C"));
    await createProduct(ctx, productIn(b.id));
    await createProduct(ctx, productIn(b.id));
    await createProduct(ctx, productIn(null));
    expect((await listCategoriesWithCounts(ctx)).map((row) => [row.name, row.productCount])).toEqual([
      ["A", 0],
      ["B", 2],
      ["C", 0],
    ]);
    await moveCategory(ctx, c.id, "up");
    await moveCategory(ctx, a.id, "down");
    await moveCategory(ctx, a.id, "down"); // already last: nothing happens
    expect((await listCategoriesWithCounts(ctx)).map((row) => row.name)).toEqual(["C", "B", "A"]);
  });

  it("deletes a category and leaves its products uncategorised", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const bread = await createCategory(ctx, name("Пекара"));
    const loaf = await createProduct(ctx, productIn(bread.id));
    expect(await deleteCategory(ctx, bread.id)).toEqual({ productCount: 1 });
    const [row] = await database.db.select().from(product).where(eq(product.id, loaf.id));
    expect(row).toMatchObject({ storeId, categoryId: null, name: "Леб" });
    expect(await listCategoriesWithCounts(ctx)).toEqual([]);
  });

  it("refuses another store's category for every change", async () => {
    const mine = await createTestStore(database);
    const theirs = await createTestStore(database);
    const foreign = await createCategory(theirs.ctx, name("Туѓа"));
    await createProduct(theirs.ctx, productIn(foreign.id));
    await expect(renameCategory(mine.ctx, foreign.id, name("X"))).rejects.toMatchObject({ code: "notFound" });
    await expect(deleteCategory(mine.ctx, foreign.id)).rejects.toMatchObject({ code: "notFound" });
    await expect(moveCategory(mine.ctx, foreign.id, "up")).rejects.toMatchObject({ code: "notFound" });
    await expect(deleteCategory(mine.ctx, "not-a-uuid")).rejects.toMatchObject({ code: "notFound" });
    expect(await listCategoriesWithCounts(theirs.ctx)).toMatchObject([{ name: "Туѓа", productCount: 1 }]);
    expect(await listCategoriesWithCounts(mine.ctx)).toEqual([]);
  });
});
