import { and, asc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { priceHistory } from "~/db/schema/activity";
import { store } from "~/db/schema/stores";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { archivePriceList, getArchivedFile } from "~/features/feeds/snapshot.server";
import { listPriceHistory } from "~/features/pricing/price-history.server";
import { priorPrices } from "~/features/promotions/price-in-effect.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { clearOverride, excludeProduct, includeProduct, setOverride } from "./overrides.server";
import { createPointOfSale, listPointsOfSale } from "./point-of-sale.server";
import { testAddress } from "./points-of-sale.test-support";

// Decision 0086: a point of sale's own price, its availability and a product left out
// there are part of the legal record: price history rows with the point of sale, shown with the
// product's history; the store's own prices (and the prior price reckoned on them) stay apart. The
// point's dated archive holds the list it really had that day.

const database = databaseForThisFile();

async function twoShops() {
  const shop = await createTestStore(database, { address: testAddress("Skopje", "Скопје") });
  const [main] = await listPointsOfSale(shop.ctx);
  const tetovo = await createPointOfSale(shop.ctx, { name: "Тетово", address: testAddress(), phone: null });
  const milk = await createProduct(shop.ctx, productInput({ name: "Млеко", price: "80" }));
  const [owner] = await database.db.select().from(store).where(eq(store.id, shop.storeId));
  return { shop, main: main!, tetovo, milk, owner: owner! };
}

const pointRows = (storeId: string, productId: string) =>
  database.db
    .select({
      pointOfSaleId: priceHistory.pointOfSaleId,
      oldPriceCents: priceHistory.oldPriceCents,
      newPriceCents: priceHistory.newPriceCents,
      availability: priceHistory.availability,
      excluded: priceHistory.excluded,
      source: priceHistory.source,
    })
    .from(priceHistory)
    .where(and(eq(priceHistory.storeId, storeId), eq(priceHistory.productId, productId)))
    .orderBy(asc(priceHistory.changedAt), asc(priceHistory.id));

describe("a point of sale's price history", () => {
  it("records setting, changing and removing its price, its availability and leaving the product out", async () => {
    const { shop, tetovo, milk } = await twoShops();
    const before = (await pointRows(shop.storeId, milk.id)).length;
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 8_500 });
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 9_000 });
    await setOverride(shop.ctx, {
      pointOfSaleId: tetovo.id,
      productId: milk.id,
      availability: "out_of_stock",
    });
    await excludeProduct(shop.ctx, tetovo.id, milk.id);
    await includeProduct(shop.ctx, tetovo.id, milk.id);
    await clearOverride(shop.ctx, tetovo.id, milk.id);
    // Nothing changes: nothing recorded.
    await clearOverride(shop.ctx, tetovo.id, milk.id);
    const rows = (await pointRows(shop.storeId, milk.id)).slice(before);
    const at = { pointOfSaleId: tetovo.id, source: "form" };
    expect(rows).toEqual([
      { ...at, oldPriceCents: 8_000, newPriceCents: 8_500, availability: "in_stock", excluded: false },
      { ...at, oldPriceCents: 8_500, newPriceCents: 9_000, availability: "in_stock", excluded: false },
      { ...at, oldPriceCents: 9_000, newPriceCents: 9_000, availability: "out_of_stock", excluded: false },
      { ...at, oldPriceCents: 9_000, newPriceCents: 9_000, availability: "out_of_stock", excluded: true },
      { ...at, oldPriceCents: 9_000, newPriceCents: 9_000, availability: "out_of_stock", excluded: false },
      { ...at, oldPriceCents: 9_000, newPriceCents: 8_000, availability: "in_stock", excluded: false },
    ]);
    // Where the product's history is shown: each with the point of sale's name, newest first.
    const shown = await listPriceHistory(shop.ctx, milk.id);
    expect(shown.slice(0, 2)).toMatchObject([
      { pointOfSale: "Тетово", oldPriceCents: 9_000, newPriceCents: 8_000 },
      { pointOfSale: "Тетово", excluded: false, availability: "out_of_stock" },
    ]);
    expect(shown.at(-1)).toMatchObject({ pointOfSale: null, oldPriceCents: null, newPriceCents: 8_000 });
  });

  it("a change through the API says so", async () => {
    const { shop, tetovo, milk } = await twoShops();
    await setOverride(shop.ctx, {
      pointOfSaleId: tetovo.id,
      productId: milk.id,
      priceCents: 7_000,
      source: "api",
    });
    const [row] = await database.db
      .select()
      .from(priceHistory)
      .where(and(eq(priceHistory.productId, milk.id), eq(priceHistory.pointOfSaleId, tetovo.id)));
    expect(row).toMatchObject({ source: "api", newPriceCents: 7_000, actorId: shop.ctx.actor.userId });
  });

  it("leaves the store's own history and its prior price alone", async () => {
    const { shop, tetovo, milk } = await twoShops();
    const storeWide = () =>
      database.db
        .select({ id: priceHistory.id })
        .from(priceHistory)
        .where(and(eq(priceHistory.productId, milk.id), isNull(priceHistory.pointOfSaleId)));
    const before = (await storeWide()).length;
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 5_000 });
    expect(await storeWide()).toHaveLength(before);
    // The store's prior price is the store's price, not the point's lower one.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await priorPrices(database.db, shop.storeId, [milk.id], tomorrow, null)).toEqual({
      [milk.id]: 8_000,
    });
  });
});

describe("a point of sale's dated archive", () => {
  it("the day-end archive taken late (the next morning) files the point's list under its own day", async () => {
    const { shop, tetovo, milk, owner } = await twoShops();
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 8_500 });
    // The confirmation of the day before (the store's list and each point's).
    const dayBefore = new Date("2026-12-02T08:00:00Z");
    await archivePriceList(database.db, owner, "confirmation", dayBefore);
    // Its 23:55 run missed; the catch-up the next morning archives the list as at the day's end.
    const dayEnd = new Date("2026-12-02T22:59:59.999Z");
    await archivePriceList(database.db, owner, "day_end", new Date("2026-12-03T06:00:00Z"), dayEnd);
    const point = { id: tetovo.id, createdAt: new Date("2026-12-01T00:00:00Z") };
    const file = await getArchivedFile(database.db, shop.storeId, "2026-12-02", "json", "mk", point);
    expect(file!.createdAt.toISOString()).toBe("2026-12-03T06:00:00.000Z");
    expect(JSON.parse(file!.body).products).toMatchObject([{ name: "Млеко", price: "85.00" }]);
    // Nothing of that run is filed under the morning's day.
    expect(await getArchivedFile(database.db, shop.storeId, "2026-12-03", "json", "mk", point)).toBeNull();
  });

  it("after its own price is removed during the day, the day's archive is the list it had at the end", async () => {
    const { shop, main, tetovo, milk, owner } = await twoShops();
    // One point of sale only, so that once the override is gone no point's list can differ.
    const lonely = await createTestStore(database, { address: testAddress("Skopje", "Скопје") });
    const [only] = await listPointsOfSale(lonely.ctx);
    const bread = await createProduct(lonely.ctx, productInput({ name: "Леб", price: "40" }));
    const [lonelyOwner] = await database.db.select().from(store).where(eq(store.id, lonely.storeId));
    await setOverride(lonely.ctx, { pointOfSaleId: only!.id, productId: bread.id, priceCents: 3_500 });
    await archivePriceList(database.db, lonelyOwner!, "confirmation", new Date("2026-12-02T08:00:00Z"));
    await clearOverride(lonely.ctx, only!.id, bread.id);
    await archivePriceList(database.db, lonelyOwner!, "day_end", new Date("2026-12-02T22:55:00Z"));
    const point = { id: only!.id, createdAt: new Date("2026-12-01T00:00:00Z") };
    const file = await getArchivedFile(database.db, lonely.storeId, "2026-12-02", "json", "mk", point);
    expect(JSON.parse(file!.body).products).toMatchObject([{ name: "Леб", price: "40.00" }]);
    // A store whose points can still differ keeps each point's own list to the end of the day.
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 8_500 });
    await archivePriceList(database.db, owner, "day_end", new Date("2026-12-02T22:55:00Z"));
    const own = await getArchivedFile(database.db, shop.storeId, "2026-12-02", "json", "mk", {
      id: tetovo.id,
      createdAt: new Date("2026-12-01T00:00:00Z"),
    });
    expect(JSON.parse(own!.body).products).toMatchObject([{ name: "Млеко", price: "85.00" }]);
    expect(main.id).not.toBe(tetovo.id);
  });
});
