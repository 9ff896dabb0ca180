import { describe, expect, it } from "vitest";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { getStorefront } from "./storefront.server";

const database = databaseForThisFile();

const product = (name: string, status = "active") => productInput({ name, status });

describe("public store page", () => {
  it("lists only this store's active products", async () => {
    const shop = await createTestStore(database);
    const other = await createTestStore(database);
    await createProduct(shop.ctx, product("Видлив"));
    await createProduct(shop.ctx, product("Скриен", "inactive"));
    await createProduct(other.ctx, product("Од друга продавница"));
    const page = await getStorefront(database.db, shop.username, { page: 1 });
    expect(page.products.map((p) => p.name)).toEqual(["Видлив"]);
    expect(page.total).toBe(1);
  });

  it("hides a private phone and finds products by Latin spelling", async () => {
    const shop = await createTestStore(database, { phonePublic: false });
    await createProduct(shop.ctx, product("Јогурт Бимилк"));
    const page = await getStorefront(database.db, shop.username, { page: 1, q: "jogurt" });
    expect(page.store.phone).toBeNull();
    expect(page.products.map((p) => p.name)).toEqual(["Јогурт Бимилк"]);
  });

  it("says a store that does not exist is not found", async () => {
    await expect(getStorefront(database.db, "no-such-store", { page: 1 })).rejects.toMatchObject({
      code: "storeNotFound",
    });
  });
});
