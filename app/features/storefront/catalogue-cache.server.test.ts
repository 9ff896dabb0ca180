import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { product as productTable } from "~/db/schema/catalog";
import { store } from "~/db/schema/stores";
import { createProduct, updateProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { createCategory, renameCategory } from "~/features/categories/category.server";
import { savePromotion } from "~/features/promotions/promotion.server";
import { promotionInput } from "~/features/promotions/promotion.test-support";
import { addDays, skopjeDay, skopjeInstant } from "~/lib/calendar";
import { listeningDatabaseForThisFile, settle } from "../../../tests/support/listening-db";
import { createTestStore } from "../../../tests/support/test-db";
import { CatalogueCache, IN_MEMORY_PRODUCT_LIMIT } from "./catalogue-cache.server";
import { StoreVersions } from "./store-versions.server";
import { getStorefront, STOREFRONT_SORTS, type StorefrontQuery } from "./storefront.server";

const { database, versions } = listeningDatabaseForThisFile();
const cache = new CatalogueCache(versions);

const input = (name: string, price: string, extra: Record<string, string> = {}) =>
  productInput({ name, price, ...extra });

/** A store with products in both alphabets, categories, discounts, equal prices and hidden ones. */
async function seededStore() {
  const shop = await createTestStore(database);
  const dairy = await createCategory(shop.ctx, { name: "Млечни" });
  const bakery = await createCategory(shop.ctx, { name: "Пекара" });
  const names = ["Млеко", "Jogurt", "Сирење", "Леб", "Кифла", "Čaj", "Ајвар", "Зелка", "Шеќер", "Вода"];
  const promoted: { productId: string; customPrice?: string }[] = [];
  for (let i = 0; i < 75; i++) {
    const name = `${names[i % names.length]} ${(i * 37) % 75}`;
    const price = String(50 + ((i * 13) % 9) * 10);
    const made = await createProduct(
      shop.ctx,
      input(name, price, {
        categoryId: i % 3 === 0 ? dairy.id : i % 3 === 1 ? bakery.id : "",
        regularPrice: i % 4 === 0 ? String(200 + i) : i % 7 === 0 ? price : "",
        description: i % 5 === 0 ? "домашно производство" : "",
        status: i % 11 === 0 ? "inactive" : "active",
      }),
    );
    if (i % 6 === 1) promoted.push({ productId: made.id, customPrice: i % 12 === 1 ? "45" : "" });
  }
  // A promotion running today: "only promotions" and the prices in effect agree too.
  const today = skopjeDay(new Date());
  await savePromotion(
    shop.ctx,
    promotionInput(promoted, { startsOn: addDays(today, -2), endsOn: addDays(today, 5) }),
  );
  return { shop, dairy, bakery };
}

describe("public catalogue cache", () => {
  it("shows exactly what the database shows, for every filter, search, sort and page", async () => {
    const { shop, dairy } = await seededStore();
    const reportable = await createProduct(shop.ctx, input("Пријавен", "99"));
    const queries: StorefrontQuery[] = [];
    for (const sort of STOREFRONT_SORTS)
      for (const categoryId of [undefined, dairy.id])
        for (const q of ["", "mleko", "Млеко", "domašno", "ј", "%", "нема-такво"])
          for (const discounted of [false, true])
            for (const page of [1, 2]) queries.push({ sort, categoryId, q, discounted, page });
    queries.push({ page: 1, reportId: reportable.id }, { page: 1, reportId: shop.storeId });

    await getStorefront(database.db, shop.username, { page: 1 }, new Date(), cache);
    const loads = cache.loads;
    for (const query of queries) {
      const fromMemory = await getStorefront(database.db, shop.username, query, new Date(), cache);
      const fromDatabase = await getStorefront(database.db, shop.username, query);
      expect(fromMemory, JSON.stringify(query)).toEqual(fromDatabase);
    }
    expect(cache.loads).toBe(loads); // every one of them came from memory
    const onPromotion = await getStorefront(
      database.db,
      shop.username,
      { page: 1, discounted: true },
      new Date(),
      cache,
    );
    expect(onPromotion.total).toBeGreaterThan(5);
    expect(onPromotion.products.every((p) => p.promotion && p.regularPriceCents! > p.priceCents)).toBe(true);
    expect(
      (await getStorefront(database.db, shop.username, { page: 1, sort: "price_asc" }, new Date(), cache))
        .products.length,
    ).toBe(60);
    // Over 400 reads of 76 products: well within 30 s on a quiet machine, not when CI shares it.
  }, 120_000);

  it("forgets a store's catalogue when its products, categories or profile change, not another's", async () => {
    const { shop, dairy } = await seededStore();
    const other = await createTestStore(database);
    const milk = await createProduct(shop.ctx, input("0 прво", "70", { categoryId: dairy.id }));
    const view = () => getStorefront(database.db, shop.username, { page: 1 }, new Date(), cache);
    expect((await view()).products[0]).toMatchObject({ name: "0 прво", priceCents: 7_000 });
    await getStorefront(database.db, other.username, { page: 1 }, new Date(), cache);

    await updateProduct(shop.ctx, milk.id, input("0 прво", "75", { categoryId: dairy.id }));
    await settle();
    expect((await view()).products[0]).toMatchObject({ priceCents: 7_500, categoryName: "Млечни" });

    await renameCategory(shop.ctx, dairy.id, { name: "Млеко и сирење" });
    await settle();
    expect((await view()).products[0]).toMatchObject({ categoryName: "Млеко и сирење" });

    await database.db.update(store).set({ name: "Ново име" }).where(eq(store.id, shop.storeId));
    await settle();
    expect((await view()).store.name).toBe("Ново име");

    await database.db.update(productTable).set({ status: "inactive" }).where(eq(productTable.id, milk.id));
    await settle();
    expect((await view()).products[0]?.name).not.toBe("0 прво");

    // The other store was not reloaded by any of this.
    const loads = cache.loads;
    await getStorefront(database.db, other.username, { page: 1 }, new Date(), cache);
    expect(cache.loads).toBe(loads);
  });

  it("holds a catalogue for one Skopje day: tomorrow's promotion is in effect at midnight, version or not", async () => {
    const shop = await createTestStore(database);
    const milk = await createProduct(shop.ctx, input("Млеко", "100"));
    const today = skopjeDay(new Date());
    const tomorrow = addDays(today, 1);
    await savePromotion(
      shop.ctx,
      promotionInput([{ productId: milk.id, customPrice: "80" }], {
        startsOn: tomorrow,
        endsOn: addDays(today, 5),
      }),
    );
    await settle();
    const at = (day: string, hour: number, minute: number) => skopjeInstant(day, hour, minute);
    const priceAt = async (instant: Date) =>
      (await getStorefront(database.db, shop.username, { page: 1 }, instant, cache)).products[0]?.priceCents;
    expect(await priceAt(at(today, 23, 58))).toBe(10_000);
    const loads = cache.loads;
    expect(await priceAt(at(today, 23, 59))).toBe(10_000);
    expect(cache.loads).toBe(loads); // the same day: from memory
    // Nothing in the database changed (the promotion-boundaries job has not run): the new day alone
    // makes the held catalogue stale.
    expect(await priceAt(at(tomorrow, 0, 1))).toBe(8_000);
    expect(cache.loads).toBe(loads + 1);
    expect(await priceAt(at(tomorrow, 0, 2))).toBe(8_000);
    expect(cache.loads).toBe(loads + 1);
  });

  it("loads a store once for the visitors who miss it at the same time, unless a change comes between", async () => {
    const { shop } = await seededStore();
    await settle();
    const loads = cache.loads;
    const together = Array.from({ length: 20 }, () => cache.get(database.db, shop.username));
    expect(cache.loads).toBe(loads + 1);
    const [first, ...rest] = await Promise.all(together);
    expect(first?.products).toHaveLength(68);
    for (const other of rest) expect(other).toBe(first);

    // A change heard while a load runs: the load may predate it, so a visitor after it loads anew.
    const version = first!.store.version;
    await database.db
      .update(productTable)
      .set({ name: "0 после" })
      .where(eq(productTable.id, first!.products![0]!.product.id));
    await settle();
    const before = cache.loads;
    const early = cache.get(database.db, shop.username);
    versions.notePayload(`${shop.storeId}:${version + 100}`);
    const late = cache.get(database.db, shop.username);
    const later = cache.get(database.db, shop.username);
    expect(cache.loads).toBe(before + 2);
    expect(await later).toBe(await late);
    expect((await early)?.products?.[0]?.product.name).toBe("0 после");
  });

  it("leaves a store too large to hold to the database, and holds it once it fits", async () => {
    const shop = await createTestStore(database);
    const many = Array.from({ length: IN_MEMORY_PRODUCT_LIMIT + 1 }, (_, i) => ({
      storeId: shop.storeId,
      name: `Производ ${String(i).padStart(4, "0")}`,
      priceCents: 100 + i,
    }));
    await database.db.insert(productTable).values(many);
    await settle();
    const tooMany = await cache.get(database.db, shop.username);
    expect(tooMany?.products).toBeNull();
    const page = await getStorefront(database.db, shop.username, { page: 2 }, new Date(), cache);
    expect(page.total).toBe(IN_MEMORY_PRODUCT_LIMIT + 1);

    await database.db
      .update(productTable)
      .set({ status: "inactive" })
      .where(and(eq(productTable.storeId, shop.storeId), eq(productTable.name, "Производ 0000")));
    await settle();
    const fits = await cache.get(database.db, shop.username);
    expect(fits?.products).toHaveLength(IN_MEMORY_PRODUCT_LIMIT);
    expect(fits?.products?.[0]?.product.name).toBe("Производ 0001");
    const loads = cache.loads;
    await cache.get(database.db, shop.username);
    expect(cache.loads).toBe(loads); // held now
  });

  it("answers from the database when it cannot hear changes", async () => {
    const deaf = new StoreVersions();
    const unheard = new CatalogueCache(deaf);
    const { shop } = await seededStore();
    const first = await getStorefront(database.db, shop.username, { page: 1 }, new Date(), unheard);
    const [cheapest] = first.products;
    await database.db.update(productTable).set({ priceCents: 1 }).where(eq(productTable.id, cheapest!.id));
    const second = await getStorefront(database.db, shop.username, { page: 1 }, new Date(), unheard);
    expect(second.products[0]?.priceCents).toBe(1);
    expect(unheard.hits).toBe(0);
  });

  it("finds no store under an unknown name and keeps each store's products to itself", async () => {
    const { shop } = await seededStore();
    const other = await createTestStore(database);
    await createProduct(other.ctx, input("Туѓ производ", "10"));
    await expect(getStorefront(database.db, "nobody-here", { page: 1 }, new Date(), cache)).rejects.toThrow();
    const mine = await getStorefront(database.db, shop.username, { page: 1, q: "tug" }, new Date(), cache);
    expect(mine.total).toBe(0);
  });
});
