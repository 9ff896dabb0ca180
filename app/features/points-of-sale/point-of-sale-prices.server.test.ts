import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, priceHistory } from "~/db/schema/activity";
import { store } from "~/db/schema/stores";
import { describeActivity } from "~/features/activity/activity-describe";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { answerToday } from "~/features/confirmation/confirmation.server";
import { buildPriceList } from "~/features/feeds/price-list.server";
import { archivePriceList, getArchivedFile } from "~/features/feeds/snapshot.server";
import { savePromotion } from "~/features/promotions/promotion.server";
import { promotionInput, upcoming } from "~/features/promotions/promotion.test-support";
import { getFixedT } from "~/i18n/i18n.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import {
  clearOverride,
  excludeProduct,
  getPromotionPointsOfSale,
  includeProduct,
  listProductOverrides,
  setOverride,
  setPromotionPointsOfSale,
} from "./overrides.server";
import { createPointOfSale, listPointsOfSale } from "./point-of-sale.server";
import { getPointOfSalePriceList } from "./point-of-sale-prices.server";
import { testAddress } from "./points-of-sale.test-support";

// Decision 0069: effective price = the point's override, else the store's price; excluded products are
// absent; promotions limited to some points of sale apply only there; one confirmation stamp.

const database = databaseForThisFile();
const AT = new Date("2026-12-03T10:00:00Z");
/** A day inside the default test promotion (promotionInput), whatever the date today. */
const DURING = new Date(`${upcoming(2)}T10:00:00Z`);

async function twoShops() {
  const shop = await createTestStore(database, { address: testAddress("Skopje", "Скопје") });
  const [main] = await listPointsOfSale(shop.ctx);
  const tetovo = await createPointOfSale(shop.ctx, {
    name: "Тетово",
    address: testAddress("Tetovo"),
    phone: null,
  });
  const milk = await createProduct(shop.ctx, productInput({ name: "Млеко", price: "80" }));
  const bread = await createProduct(shop.ctx, productInput({ name: "Леб", price: "40" }));
  const cheese = await createProduct(shop.ctx, productInput({ name: "Сирење", price: "300" }));
  return { shop, main: main!, tetovo, milk, bread, cheese };
}

const prices = (list: { products: { name: string; priceCents: number }[] }) =>
  Object.fromEntries(list.products.map((p) => [p.name, p.priceCents]));

describe("a point of sale's price list", () => {
  it("shows its overrides, its availability and leaves out what it does not sell; the store's list is unchanged", async () => {
    const { shop, main, tetovo, milk, bread, cheese } = await twoShops();
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 8_500 });
    await setOverride(shop.ctx, {
      pointOfSaleId: tetovo.id,
      productId: bread.id,
      availability: "out_of_stock",
    });
    await excludeProduct(shop.ctx, tetovo.id, cheese.id);

    const there = await getPointOfSalePriceList(shop.ctx, tetovo.id, AT);
    expect(prices(there)).toEqual({ Леб: 4_000, Млеко: 8_500 });
    expect(there.products.find((p) => p.name === "Леб")!.availability).toBe("out_of_stock");
    expect(there.pointOfSale).toMatchObject({ slug: "tetovo", name: "Тетово" });
    expect(there.pointOfSale!.address).toContain("Тетово");

    const here = await getPointOfSalePriceList(shop.ctx, main.id, AT);
    expect(prices(here)).toEqual({ Леб: 4_000, Млеко: 8_000, Сирење: 30_000 });
    const [row] = await database.db.select().from(store).where(eq(store.id, shop.storeId));
    const storeWide = await buildPriceList(database.db, row!, AT);
    expect(prices(storeWide)).toEqual({ Леб: 4_000, Млеко: 8_000, Сирење: 30_000 });
    expect(storeWide.pointOfSale).toBeUndefined();

    // Back to the store's values.
    await includeProduct(shop.ctx, tetovo.id, cheese.id);
    await clearOverride(shop.ctx, tetovo.id, milk.id);
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: bread.id, availability: null });
    expect(prices(await getPointOfSalePriceList(shop.ctx, tetovo.id, AT))).toEqual(prices(storeWide));
    expect(await listProductOverrides(shop.ctx, milk.id)).toEqual([]);
  });

  it("records the override's price change in the activity, naming the point of sale", async () => {
    const { shop, tetovo, milk } = await twoShops();
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 9_000 });
    const rows = await database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.storeId, shop.storeId), eq(activityLog.type, "price_updated")));
    expect(rows.map((r) => r.details)).toEqual([
      { name: "Млеко", oldPriceCents: 8_000, newPriceCents: 9_000, pointOfSale: "Тетово" },
    ]);
    // The activity page and its CSV say where.
    const text = describeActivity(rows[0]!, getFixedT("mk"), "mk");
    expect(text.detail).toBe("На продажното место „Тетово“");
  });

  it("refuses another store's point of sale or product, and prices that are not positive", async () => {
    const { shop, tetovo, milk } = await twoShops();
    const other = await twoShops();
    const refused = [
      () => setOverride(shop.ctx, { pointOfSaleId: other.tetovo.id, productId: milk.id, priceCents: 1 }),
      () => setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: other.milk.id, priceCents: 1 }),
      () => excludeProduct(shop.ctx, other.tetovo.id, other.milk.id),
      () => listProductOverrides(shop.ctx, other.milk.id),
      () => getPointOfSalePriceList(shop.ctx, other.tetovo.id),
      () => setOverride(shop.ctx, { pointOfSaleId: "../x", productId: milk.id, priceCents: 1 }),
    ];
    for (const attempt of refused) await expect(attempt()).rejects.toMatchObject({ code: "notFound" });
    await expect(
      setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 0 }),
    ).rejects.toMatchObject({ code: "validation" });
    expect(prices(await getPointOfSalePriceList(other.shop.ctx, other.tetovo.id, AT))).toEqual({
      Леб: 4_000,
      Млеко: 8_000,
      Сирење: 30_000,
    });
  });
});

describe("promotions limited to some points of sale", () => {
  it("apply only there, reckoned on that point's price, with the prior price never above it", async () => {
    const { shop, main, tetovo, milk, bread } = await twoShops();
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 10_000 });
    const saved = await savePromotion(
      shop.ctx,
      promotionInput([{ productId: milk.id }, { productId: bread.id }], { value: "10" }),
    );
    const promotionId = (saved as { id: string }).id;
    await setPromotionPointsOfSale(shop.ctx, promotionId, [tetovo.id]);
    expect(await getPromotionPointsOfSale(shop.ctx, promotionId)).toEqual([tetovo.id]);

    const there = await getPointOfSalePriceList(shop.ctx, tetovo.id, DURING);
    const milkThere = there.products.find((p) => p.name === "Млеко")!;
    expect(milkThere).toMatchObject({
      priceCents: 9_000,
      regularPriceCents: 10_000,
      discountType: "sales_action",
    });
    expect(milkThere.priorPriceCents).toBe(8_000);
    expect(prices(there)).toMatchObject({ Леб: 3_600 });

    const here = await getPointOfSalePriceList(shop.ctx, main.id, DURING);
    expect(prices(here)).toMatchObject({ Млеко: 8_000, Леб: 4_000 });
    expect(here.products.every((p) => p.discountType === null)).toBe(true);

    // Every point of sale is "everywhere": the store's own list shows it again.
    expect(await setPromotionPointsOfSale(shop.ctx, promotionId, [tetovo.id, main.id])).toEqual([]);
    expect(prices(await getPointOfSalePriceList(shop.ctx, main.id, DURING))).toMatchObject({
      Млеко: 7_200,
      Леб: 3_600,
    });
  });

  it("the prior price follows the point's own prices of the 30 days before (decision 0096)", async () => {
    const { shop, main, tetovo, milk, bread } = await twoShops();
    // Milk: 80 store-wide, 120 at Tetovo for months. Bread: 40 store-wide; at Tetovo 35 for months,
    // raised to 50 on 1 March, inside the window of a promotion starting 10 March.
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 12_000 });
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: bread.id, priceCents: 3_500 });
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: bread.id, priceCents: 5_000 });
    await database.db
      .update(priceHistory)
      .set({ changedAt: new Date("2027-03-01T10:00:00Z") })
      .where(
        and(
          eq(priceHistory.storeId, shop.storeId),
          eq(priceHistory.productId, bread.id),
          eq(priceHistory.newPriceCents, 5_000),
        ),
      );
    const saved = await savePromotion(
      shop.ctx,
      promotionInput([{ productId: milk.id }, { productId: bread.id }], {
        value: "10",
        startsOn: "2027-03-10",
        endsOn: "2027-03-20",
      }),
    );
    await setPromotionPointsOfSale(shop.ctx, (saved as { id: string }).id, [tetovo.id]);
    const there = await getPointOfSalePriceList(shop.ctx, tetovo.id, new Date("2027-03-12T10:00:00Z"));
    const shown = Object.fromEntries(
      there.products.map((p) => [p.name, [p.priceCents, p.regularPriceCents, p.priorPriceCents]]),
    );
    // Before: least(the store's 80 / 40, the point's price now) = 80 and 40, prices Tetovo never had.
    expect(shown).toMatchObject({ Млеко: [10_800, 12_000, 12_000], Леб: [4_500, 5_000, 3_500] });
    // The other point of sale follows the store, where no promotion runs.
    const here = await getPointOfSalePriceList(shop.ctx, main.id, new Date("2027-03-12T10:00:00Z"));
    expect(prices(here)).toMatchObject({ Млеко: 8_000, Леб: 4_000 });
  });

  it("another store's promotion or point of sale is refused", async () => {
    const { shop, tetovo, milk } = await twoShops();
    const other = await twoShops();
    const saved = await savePromotion(other.shop.ctx, promotionInput([{ productId: other.milk.id }]));
    const theirs = (saved as { id: string }).id;
    await expect(setPromotionPointsOfSale(shop.ctx, theirs, [tetovo.id])).rejects.toMatchObject({
      code: "notFound",
    });
    const mine = (await savePromotion(shop.ctx, promotionInput([{ productId: milk.id }]))) as { id: string };
    await expect(setPromotionPointsOfSale(shop.ctx, mine.id, [other.tetovo.id])).rejects.toMatchObject({
      code: "notFound",
    });
    expect(await getPromotionPointsOfSale(other.shop.ctx, theirs)).toEqual([]);
  });
});

describe("confirmation and archive", () => {
  it("one confirmation stamps every point of sale's list; the archive keeps each list of the day", async () => {
    const { shop, tetovo, milk } = await twoShops();
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 8_800 });
    await answerToday(shop.ctx, { answer: "yes" }, AT);
    const there = await getPointOfSalePriceList(shop.ctx, tetovo.id, AT);
    expect(there.confirmedAt).toBe(AT.toISOString());
    const [row] = await database.db.select().from(store).where(eq(store.id, shop.storeId));
    await archivePriceList(database.db, row!, "day_end", new Date("2026-12-03T22:55:00Z"));
    const file = await getArchivedFile(database.db, shop.storeId, "2026-12-03", "json", "mk", tetovo);
    const json = JSON.parse(file!.body);
    expect(json.pointOfSale).toMatchObject({ slug: "tetovo" });
    expect(json.confirmedAt).toBe(AT.toISOString());
    expect(json.products.find((p: { name: string }) => p.name === "Млеко").price).toBe("88.00");
    const storeFile = await getArchivedFile(database.db, shop.storeId, "2026-12-03", "json", "mk");
    expect(JSON.parse(storeFile!.body).products.find((p: { name: string }) => p.name === "Млеко").price).toBe(
      "80.00",
    );
  });
});
