import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { priceHistory } from "~/db/schema/activity";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { skopjeInstant } from "~/lib/calendar";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { pricesInEffect } from "./price-in-effect.server";
import { listProductPromotions, promotionCounts } from "./product-promotions.server";
import { getPromotion, listPromotions, savePromotion } from "./promotion.server";
import { promotionInput, upcoming } from "./promotion.test-support";

// Decision 0104: a product taken out of a promotion that has started and put back into it
// later has two stays there. The days between are the regular price's on the record (the price in
// effect, the archive, the prior price of later promotions), and the owner's lists name it once.

const database = databaseForThisFile();

/** Day n of the promotion "Долга" (day 1 is its first day), by the real clock's upcoming days. */
const day = (n: number) => upcoming(n - 1);
const at = (n: number, hour = 12) => skopjeInstant(day(n), hour, 0);

async function twoProductsAt200And100() {
  const store = await createTestStore(database);
  const item = await createProduct(store.ctx, productInput({ name: "Чоколадо", price: "200" }));
  const other = await createProduct(store.ctx, productInput({ name: "Кафе", price: "100" }));
  // Both prices have been what they are since January.
  await store.ctx.db
    .update(priceHistory)
    .set({ changedAt: new Date("2026-01-01T08:00:00Z") })
    .where(eq(priceHistory.storeId, store.storeId));
  return { ...store, item, other };
}

const long = { name: "Долга", startsOn: day(1), endsOn: day(40) };

describe("a product taken out of a started promotion and put back (decision 0104)", () => {
  it("is at the regular price for the days it was out, and counted and listed once", async () => {
    const { ctx, item, other } = await twoProductsAt200And100();
    const both = promotionInput([{ productId: item.id }, { productId: other.id }], long);
    const saved = await savePromotion(ctx, both, { now: at(-3) });
    // Taken out on day 3 at 10:00, put back on day 6 at 10:00.
    await savePromotion(ctx, promotionInput([{ productId: other.id }], long), {
      id: saved.id,
      now: at(3, 10),
    });
    await savePromotion(ctx, both, { id: saved.id, now: at(6, 10) });

    const price = async (n: number) =>
      (await pricesInEffect(ctx.db, ctx.storeId, [item.id], at(n))).get(item.id)!.priceCents;
    // Decision 0089's whole days: the day it left is not a whole day in it (its last one is day 2),
    // the day it came back belongs to the promotion. Before: 180 den on days 3 to 5 too.
    expect([await price(1), await price(2), await price(3), await price(4), await price(5)]).toEqual([
      18_000, 18_000, 20_000, 20_000, 20_000,
    ]);
    expect([await price(6), await price(7), await price(40)]).toEqual([18_000, 18_000, 18_000]);
    // The product that stayed was in it all along.
    expect((await pricesInEffect(ctx.db, ctx.storeId, [other.id], at(4))).get(other.id)!.priceCents).toBe(
      9_000,
    );

    // The owner's list counts it once, the promotion lists it once, its form lists the promotion once.
    const listed = (await listPromotions(ctx, { now: at(7) })).find((row) => row.id === saved.id)!;
    expect([listed.productCount, listed.state]).toEqual([2, "active"]);
    expect((await getPromotion(ctx, saved.id)).products.map((p) => p.name)).toEqual(["Кафе", "Чоколадо"]);
    expect((await promotionCounts(ctx, [item.id], at(7))).get(item.id)).toBe(1);
    const own = await listProductPromotions(ctx, item.id, at(7));
    expect(own.map((p) => [p.name, p.startsOn, p.endsOn, p.state])).toEqual([
      ["Долга", day(1), day(40), "active"],
    ]);
  });

  it("leaves a later promotion's prior price at the regular price for the days it was out", async () => {
    const { ctx, item, other } = await twoProductsAt200And100();
    const both = promotionInput([{ productId: item.id }, { productId: other.id }], long);
    const saved = await savePromotion(ctx, both, { now: at(-3) });
    await savePromotion(ctx, promotionInput([{ productId: other.id }], long), {
      id: saved.id,
      now: at(3, 10),
    });
    // While it is out, a 5 % promotion on days 34–35: its 30 days (4–33) are all days it was out.
    const gap = { name: "Празнина", value: "5", startsOn: day(34), endsOn: day(35) };
    const between = await savePromotion(ctx, promotionInput([{ productId: item.id }], gap), { now: at(4) });
    // Back in "Долга" on day 36, once the other one has ended: no move to confirm, nothing overlaps.
    // Before: it was back in "Долга" from day 1, over the other promotion's days (refused).
    await savePromotion(ctx, both, { id: saved.id, now: at(36, 10) });

    const seen = (await pricesInEffect(ctx.db, ctx.storeId, [item.id], at(34))).get(item.id)!;
    expect(seen).toMatchObject({
      priceCents: 19_000,
      promotion: { id: between.id, priorPriceCents: 20_000 },
    });
    const back = (await pricesInEffect(ctx.db, ctx.storeId, [item.id], at(37))).get(item.id)!;
    expect([back.promotion?.id, back.priceCents]).toEqual([saved.id, 18_000]);
    const own = await listProductPromotions(ctx, item.id, at(37));
    expect(own.map((p) => [p.name, p.state])).toEqual([
      ["Празнина", "ended"],
      ["Долга", "active"],
    ]);
  });
});
