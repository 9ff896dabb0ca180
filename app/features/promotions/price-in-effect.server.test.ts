import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { priceHistory } from "~/db/schema/activity";
import { category } from "~/db/schema/catalog";
import { store } from "~/db/schema/stores";
import { createProduct } from "~/features/catalog/product.server";
import { changeProduct, productInput } from "~/features/catalog/product.test-support";
import { publicProductsQuery } from "~/features/catalog/public-products.queries.server";
import { categorySchema } from "~/features/categories/category.schema";
import { createCategory } from "~/features/categories/category.server";
import { buildPriceList } from "~/features/feeds/price-list.server";
import { toCsv, toJson } from "~/features/feeds/serialize";
import { getFixedT } from "~/i18n/i18n.server";
import { addDays, skopjeInstant } from "~/lib/calendar";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { pricesInEffect } from "./price-in-effect.server";
import { listProductPromotions } from "./product-promotions.server";
import { getPromotion, savePromotion } from "./promotion.server";
import { promotionInput } from "./promotion.test-support";
import { setPromotionActive } from "./promotion-activation.server";
import { promotionalPrice } from "./promotion-price";

const database = databaseForThisFile();

async function productAt(name: string, price: string) {
  const store = await createTestStore(database);
  const item = await createProduct(store.ctx, productInput({ name, price }));
  return { ...store, item };
}

const priceAt = async (ctx: { db: typeof database.db; storeId: string }, id: string, at: string) =>
  (await pricesInEffect(ctx.db, ctx.storeId, [id], new Date(at))).get(id)!;

describe("the price in effect at an instant (Europe/Skopje days)", () => {
  it("is promotional from 00:00 of the first day to 24:00 of the last, across a DST change", async () => {
    const { ctx, item } = await productAt("Кафе", "300");
    // 29 March 2026 is the spring change (UTC+1 → UTC+2); 25 October 2026 the autumn one (→ UTC+1).
    await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], { startsOn: "2026-03-29", endsOn: "2026-10-25" }),
    );
    expect((await priceAt(ctx, item.id, "2026-03-28T22:59:59Z")).priceCents).toBe(30_000);
    const first = await priceAt(ctx, item.id, "2026-03-28T23:00:00Z");
    expect(first).toMatchObject({ priceCents: 27_000, regularCents: 30_000 });
    expect(first.promotion).toMatchObject({
      type: "sales_action",
      startsOn: "2026-03-29",
      endsOn: "2026-10-25",
    });
    expect((await priceAt(ctx, item.id, "2026-10-25T22:59:59Z")).priceCents).toBe(27_000);
    const after = await priceAt(ctx, item.id, "2026-10-25T23:00:00Z");
    expect(after).toMatchObject({ priceCents: 30_000, promotion: null });
  });

  it("computes percentages half up, fixed amounts and custom prices as the wizard does", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const cases: [string, string, string, string][] = [
      ["99,99", "percentage", "33", ""],
      ["0,03", "percentage", "50", ""],
      ["1234,57", "percentage", "12,5", ""],
      ["100", "fixed", "15,50", ""],
      ["100", "percentage", "10", "77,70"],
    ];
    for (const [price, discountType, value, customPrice] of cases) {
      const item = await createProduct(ctx, productInput({ name: `P ${price} ${value}`, price }));
      const input = promotionInput([{ productId: item.id, customPrice }], {
        discountType,
        value,
        startsOn: "2026-01-01",
        endsOn: "2026-01-31",
      });
      await savePromotion(ctx, input).catch(() => undefined);
      const inEffect = await priceAt({ db: database.db, storeId }, item.id, "2026-01-15T12:00:00Z");
      const expected =
        promotionalPrice(item.priceCents, input, input.products[0]!.customPriceCents) ?? item.priceCents;
      expect([price, value, inEffect.priceCents]).toEqual([price, value, expected]);
    }
  });

  it("keeps the regular price when the promotion is inactive or its category forbids promotions", async () => {
    const { ctx, item } = await productAt("Леб", "40");
    const saved = await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], { startsOn: "2026-01-01", endsOn: "2026-01-31" }),
    );
    expect((await priceAt(ctx, item.id, "2026-01-10T10:00:00Z")).priceCents).toBe(3_600);
    // Switched off before its first day (one switched off after it keeps its days, decision 0093).
    await setPromotionActive(ctx, saved.id, false, new Date("2025-12-20T10:00:00Z"));
    expect((await priceAt(ctx, item.id, "2026-01-10T10:00:00Z")).priceCents).toBe(4_000);
    await setPromotionActive(ctx, saved.id, true, new Date("2025-12-21T10:00:00Z"));
    const food = await createCategory(ctx, categorySchema.parse({ name: "Храна" }));
    await changeProduct(ctx, item.id, { categoryId: food.id });
    await ctx.db.update(category).set({ promotionsForbidden: true }).where(eq(category.id, food.id));
    expect((await priceAt(ctx, item.id, "2026-01-10T10:00:00Z")).priceCents).toBe(4_000);
  });
});

describe("the prior price: the lowest price in effect in the 30 days before the start", () => {
  async function withHistory(history: [string, number][]) {
    const { ctx, storeId, item } = await productAt("Чоколадо", "200");
    // The product's price is the history's last one, set through the writer; then the history the
    // writer kept (the creation row, and this change at now) is replaced by a hand-written one
    // (newest last). An empty history leaves the price and removes every row.
    const last = history.at(-1)?.[1];
    if (last !== undefined) await changeProduct(ctx, item.id, { priceCents: last });
    await ctx.db.delete(priceHistory).where(eq(priceHistory.productId, item.id));
    let old: number | null = null;
    for (const [at, cents] of history) {
      await ctx.db.insert(priceHistory).values({
        storeId,
        productId: item.id,
        oldPriceCents: old,
        newPriceCents: cents,
        source: "form",
        changedAt: new Date(at),
      });
      old = cents;
    }
    return { ctx, item };
  }

  it("counts a lower price 29 days before the start, not one 31 days before", async () => {
    // Start 2026-06-01 00:00 Skopje = 2026-05-31T22:00Z; the window opens 2026-05-01T22:00Z.
    const { ctx, item } = await withHistory([
      ["2026-04-01T08:00:00Z", 15_000],
      ["2026-04-30T08:00:00Z", 20_000],
      ["2026-05-03T08:00:00Z", 18_000],
      ["2026-05-04T08:00:00Z", 20_000],
    ]);
    await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], { startsOn: "2026-06-01", endsOn: "2026-06-10" }),
    );
    const at = await priceAt(ctx, item.id, "2026-06-05T10:00:00Z");
    expect(at.priceCents).toBe(18_000);
    expect(at.promotion?.priorPriceCents).toBe(18_000);
  });

  it("takes the price in effect when the window opened, and a price set during the promotion does not count", async () => {
    const { ctx, item } = await withHistory([
      ["2026-03-01T08:00:00Z", 21_000],
      ["2026-06-03T08:00:00Z", 20_000],
    ]);
    await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], { startsOn: "2026-06-01", endsOn: "2026-06-10" }),
    );
    expect((await priceAt(ctx, item.id, "2026-06-05T10:00:00Z")).promotion?.priorPriceCents).toBe(21_000);
  });

  it("counts an earlier promotion's price in the window", async () => {
    const { ctx, item } = await withHistory([["2026-01-01T08:00:00Z", 20_000]]);
    await savePromotion(
      ctx,
      promotionInput([{ productId: item.id, customPrice: "150" }], {
        name: "Прва",
        startsOn: "2026-05-10",
        endsOn: "2026-05-12",
      }),
    );
    await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], {
        name: "Втора",
        startsOn: "2026-06-01",
        endsOn: "2026-06-10",
      }),
    );
    const at = await priceAt(ctx, item.id, "2026-06-05T10:00:00Z");
    expect(at.priceCents).toBe(18_000);
    expect(at.promotion?.priorPriceCents).toBe(15_000);
  });

  it("reckons a promotion of 10 days ago on the regular price of its own days, not today's", async () => {
    // 200 den until a raise to 300 after the earlier promotion: 10 % off was 180 then, not 270.
    const raised = await withHistory([
      ["2026-01-01T08:00:00Z", 20_000],
      ["2026-05-27T08:00:00Z", 30_000],
    ]);
    // 300 den until a cut to 280 after it: 10 % off was 270 then, not 252.
    const cut = await withHistory([
      ["2026-01-01T08:00:00Z", 30_000],
      ["2026-05-27T08:00:00Z", 28_000],
    ]);
    // 300 den, cut to 250 in the middle of it: 10 % off was 270, then 225.
    const during = await withHistory([
      ["2026-01-01T08:00:00Z", 30_000],
      ["2026-05-23T08:00:00Z", 25_000],
      ["2026-05-28T08:00:00Z", 30_000],
    ]);
    const prior: number[] = [];
    for (const { ctx, item } of [raised, cut, during]) {
      const days = { name: "Пред 10 дена", startsOn: "2026-05-20", endsOn: "2026-05-24", value: "10" };
      await savePromotion(ctx, promotionInput([{ productId: item.id }], days));
      const now = { name: "Сега", startsOn: "2026-06-01", endsOn: "2026-06-10", value: "5" };
      await savePromotion(ctx, promotionInput([{ productId: item.id }], now));
      prior.push((await priceAt(ctx, item.id, "2026-06-05T10:00:00Z")).promotion!.priorPriceCents);
    }
    expect(prior).toEqual([18_000, 27_000, 22_500]);
  });

  it("keeps the days a product spent in a promotion it was moved out of (decision 0077)", async () => {
    // 200 den; 10 % off from 1 to 20 June; on 10 June the owner moves it into a 5 % promotion.
    const { ctx, item } = await withHistory([["2026-01-01T08:00:00Z", 20_000]]);
    const first = await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], {
        name: "Јуни",
        startsOn: "2026-06-01",
        endsOn: "2026-06-20",
      }),
      { now: new Date("2026-05-25T08:00:00Z") },
    );
    const moved = promotionInput([{ productId: item.id }], {
      name: "Друга",
      value: "5",
      startsOn: "2026-06-10",
      endsOn: "2026-06-25",
      move: "1",
    });
    await savePromotion(ctx, moved, { now: new Date("2026-06-10T06:00:00Z") });
    // 180 den was in effect from 1 to 9 June, and the new promotion's prior price says so.
    expect((await priceAt(ctx, item.id, "2026-06-05T10:00:00Z")).priceCents).toBe(18_000);
    const now = await priceAt(ctx, item.id, "2026-06-12T10:00:00Z");
    expect(now.priceCents).toBe(19_000);
    expect(now.promotion?.priorPriceCents).toBe(18_000);
    // The old promotion no longer lists it, and the product's form shows its days there.
    expect((await getPromotion(ctx, first.id)).products).toEqual([]);
    const own = await listProductPromotions(ctx, item.id, new Date("2026-06-12T10:00:00Z"));
    expect(own.map((p) => [p.name, p.startsOn, p.endsOn, p.state])).toEqual([
      ["Друга", "2026-06-10", "2026-06-25", "active"],
      ["Јуни", "2026-06-01", "2026-06-09", "ended"],
    ]);
  });

  it("keeps the day of the move: a product moved on the new promotion's start day", async () => {
    // 200 den, 10 % off (180) in "Јуни" from 1 June and in "Петок" from 10 June; on 10 June at
    // 08:00 Skopje the owner moves it into a 5 % promotion (190) that starts that day. Until 08:00
    // the public page showed 180: a promotion whose 30-day window opens at 00:00 on 10 June must
    // count it, and the product's history must list both old promotions.
    const moveDay = "2026-06-10";
    const later = addDays(moveDay, 30);
    const prior: number[] = [];
    const histories: string[][][] = [];
    for (const oldStart of ["2026-06-01", moveDay]) {
      const { ctx, item } = await withHistory([["2026-01-01T08:00:00Z", 20_000]]);
      const name = oldStart === moveDay ? "Петок" : "Јуни";
      const old = promotionInput([{ productId: item.id }], {
        name,
        startsOn: oldStart,
        endsOn: "2026-06-20",
      });
      await savePromotion(ctx, old, { now: skopjeInstant("2026-05-25", 10, 0) });
      const moved = { name: "Друга", value: "5", startsOn: moveDay, endsOn: "2026-06-25", move: "1" };
      await savePromotion(ctx, promotionInput([{ productId: item.id }], moved), {
        now: skopjeInstant(moveDay, 8, 0),
      });
      const next = { name: "Јули", value: "20", startsOn: later, endsOn: addDays(later, 5) };
      await savePromotion(ctx, promotionInput([{ productId: item.id }], next), {
        now: skopjeInstant("2026-06-30", 10, 0),
      });
      prior.push(
        (await priceAt(ctx, item.id, skopjeInstant(later, 12, 0).toISOString())).promotion!.priorPriceCents,
      );
      const own = await listProductPromotions(ctx, item.id, skopjeInstant(later, 12, 0));
      histories.push(own.map((p) => [p.name, p.startsOn, p.endsOn, p.state]));
    }
    expect(prior).toEqual([18_000, 18_000]);
    expect(histories).toEqual([
      [
        ["Јули", later, addDays(later, 5), "active"],
        ["Друга", moveDay, "2026-06-25", "ended"],
        ["Јуни", "2026-06-01", "2026-06-09", "ended"],
      ],
      [
        ["Јули", later, addDays(later, 5), "active"],
        ["Друга", moveDay, "2026-06-25", "ended"],
        ["Петок", moveDay, moveDay, "ended"],
      ],
    ]);
  });

  it("keeps the days of a product taken out of a running promotion by editing it", async () => {
    const { ctx, item } = await withHistory([["2026-01-01T08:00:00Z", 20_000]]);
    const other = await createProduct(ctx, productInput({ name: "Друг", price: "100" }));
    const days = { name: "Јуни", startsOn: "2026-06-01", endsOn: "2026-06-20" };
    const saved = await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }, { productId: other.id }], days),
      {
        now: new Date("2026-05-25T08:00:00Z"),
      },
    );
    await savePromotion(ctx, promotionInput([{ productId: other.id }], days), {
      id: saved.id,
      now: new Date("2026-06-10T06:00:00Z"),
    });
    expect((await priceAt(ctx, item.id, "2026-06-05T10:00:00Z")).priceCents).toBe(18_000);
    expect((await priceAt(ctx, item.id, "2026-06-12T10:00:00Z")).priceCents).toBe(20_000);
    expect((await getPromotion(ctx, saved.id)).products.map((p) => p.name)).toEqual(["Друг"]);
    // Put back in, it is simply in the promotion again.
    await savePromotion(ctx, promotionInput([{ productId: item.id }, { productId: other.id }], days), {
      id: saved.id,
      now: new Date("2026-06-11T06:00:00Z"),
    });
    expect((await priceAt(ctx, item.id, "2026-06-12T10:00:00Z")).priceCents).toBe(18_000);
  });

  it("puts a product added to a promotion that has started in it from then, not from its first day (decision 0098)", async () => {
    const { ctx, item } = await withHistory([["2026-01-01T08:00:00Z", 20_000]]);
    const other = await createProduct(ctx, productInput({ name: "Друг", price: "100" }));
    const june = { name: "Јуни", startsOn: "2026-06-01", endsOn: "2026-06-20" };
    const saved = await savePromotion(ctx, promotionInput([{ productId: other.id }], june), {
      now: new Date("2026-05-25T08:00:00Z"),
    });
    // Added on 10 June: the public page showed it at 200 den until then (before: 180 from 1 June).
    await savePromotion(ctx, promotionInput([{ productId: other.id }, { productId: item.id }], june), {
      id: saved.id,
      now: new Date("2026-06-10T06:00:00Z"),
    });
    expect((await priceAt(ctx, item.id, "2026-06-05T10:00:00Z")).priceCents).toBe(20_000);
    expect((await priceAt(ctx, item.id, "2026-06-12T10:00:00Z")).priceCents).toBe(18_000);
    // The product that stayed keeps its days from 1 June.
    expect((await priceAt(ctx, other.id, "2026-06-05T10:00:00Z")).priceCents).toBe(9_000);
  });

  it("keeps a product moved into a promotion that has started in its old one until the move (decision 0098)", async () => {
    const { ctx, item } = await withHistory([["2026-01-01T08:00:00Z", 20_000]]);
    const other = await createProduct(ctx, productInput({ name: "Друг", price: "100" }));
    const before = { now: new Date("2026-05-20T08:00:00Z") };
    const old = await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], { name: "Мај", startsOn: "2026-05-25", endsOn: "2026-06-30" }),
      before,
    );
    const june = { name: "Јуни", value: "20", startsOn: "2026-06-01", endsOn: "2026-06-20" };
    const saved = await savePromotion(ctx, promotionInput([{ productId: other.id }], june), before);
    await savePromotion(
      ctx,
      promotionInput([{ productId: other.id }, { productId: item.id }], { ...june, move: "1" }),
      { id: saved.id, now: new Date("2026-06-10T06:00:00Z") },
    );
    // 5 June: the old promotion's 180 den, as the public page showed (before: the new one's 160).
    const fifth = await priceAt(ctx, item.id, "2026-06-05T10:00:00Z");
    expect([fifth.promotion?.id, fifth.priceCents]).toEqual([old.id, 18_000]);
    const twelfth = await priceAt(ctx, item.id, "2026-06-12T10:00:00Z");
    expect([twelfth.promotion?.id, twelfth.priceCents]).toEqual([saved.id, 16_000]);
  });

  it("is the regular price for a product with no history", async () => {
    const { ctx, item } = await withHistory([]);
    await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], { startsOn: "2026-06-01", endsOn: "2026-06-10" }),
    );
    expect((await priceAt(ctx, item.id, "2026-06-05T10:00:00Z")).promotion?.priorPriceCents).toBe(20_000);
  });
});

describe("the one public product query uses the prices in effect", () => {
  it("shows the promotional price, the regular price, type, days and prior price, and filters and sorts by it", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const coffee = await createProduct(ctx, productInput({ name: "Кафе", price: "300" }));
    await createProduct(ctx, productInput({ name: "Бонбони", price: "280" }));
    await savePromotion(
      ctx,
      promotionInput([{ productId: coffee.id }], {
        type: "clearance",
        value: "20",
        startsOn: "2026-02-01",
        endsOn: "2026-02-14",
      }),
    );
    const during = new Date("2026-02-10T12:00:00Z");
    const rows = await publicProductsQuery(database.db, storeId, { sort: "price_asc", at: during });
    expect(rows.map((row) => [row.name, row.priceCents, row.regularPriceCents])).toEqual([
      ["Кафе", 24_000, 30_000],
      ["Бонбони", 28_000, null],
    ]);
    expect(rows[0]).toMatchObject({
      promotionType: "clearance",
      promotionStartsOn: "2026-02-01",
      promotionEndsOn: "2026-02-14",
      priorPriceCents: 30_000,
    });
    const onlyPromotions = await publicProductsQuery(database.db, storeId, {
      filters: { promo: true },
      at: during,
    });
    expect(onlyPromotions.map((row) => row.name)).toEqual(["Кафе"]);
    const after = await publicProductsQuery(database.db, storeId, {
      filters: { promo: true },
      at: new Date("2026-02-15T00:00:00Z"),
    });
    expect(after).toEqual([]);
  });

  it("gives the inspector's CSV and the programs' JSON the type, the days and the prior price", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const coffee = await createProduct(ctx, productInput({ name: "Кафе", price: "300" }));
    await savePromotion(
      ctx,
      promotionInput([{ productId: coffee.id }], {
        type: "clearance",
        value: "20",
        startsOn: "2026-02-01",
        endsOn: "2026-02-14",
      }),
    );
    const [shop] = await database.db.select().from(store).where(eq(store.id, storeId));
    const list = await buildPriceList(database.db, shop!, new Date("2026-02-10T12:00:00Z"));
    const json = JSON.parse(toJson(list)).products[0];
    expect(json).toMatchObject({
      price: "240.00",
      regularPrice: "300.00",
      discountPercent: 20,
      discountAmount: "60.00",
      discountType: "clearance",
      discountFrom: "2026-02-01",
      discountTo: "2026-02-14",
      priorPrice: "300.00",
    });
    const csv = toCsv(list, getFixedT("mk"));
    expect(csv).toContain("Вид на попуст");
    expect(csv).toContain("Распродажба,2026-02-01,2026-02-14,300.00");
  });
});
