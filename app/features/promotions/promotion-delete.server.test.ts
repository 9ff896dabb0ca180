import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { priceHistory } from "~/db/schema/activity";
import { promotion } from "~/db/schema/promotions";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { isAppError } from "~/lib/app-error";
import { skopjeInstant } from "~/lib/calendar";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { pricesInEffect } from "./price-in-effect.server";
import { listProductPromotions } from "./product-promotions.server";
import { deletePromotion, getPromotion, listPromotions, savePromotion } from "./promotion.server";
import { promotionInput } from "./promotion.test-support";
import { setPromotionActive } from "./promotion-activation.server";

// Decision 0089: a promotion that has been on the public page is part of the legal
// record (the dated archive, the price history, the prior price of later promotions).

const database = databaseForThisFile();

async function productAt200() {
  const store = await createTestStore(database);
  const item = await createProduct(store.ctx, productInput({ name: "Чоколадо", price: "200" }));
  // The price has been 200 den since January.
  await store.ctx.db
    .update(priceHistory)
    .set({ changedAt: new Date("2026-01-01T08:00:00Z") })
    .where(and(eq(priceHistory.storeId, store.storeId), eq(priceHistory.productId, item.id)));
  return { ...store, item };
}

const notFound = (error: unknown) => isAppError(error) && error.code === "notFound";

describe("deleting a promotion", () => {
  it("keeps the days a deleted promotion ran in the price history and the prior price, and hides it", async () => {
    const { ctx, item } = await productAt200();
    const june = await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], {
        name: "Јуни",
        startsOn: "2026-06-01",
        endsOn: "2026-06-20",
      }),
      { now: skopjeInstant("2026-05-25", 10, 0) },
    );
    // Deleted on 10 June at 08:00 Skopje, while it runs.
    await deletePromotion(ctx, june.id, skopjeInstant("2026-06-10", 8, 0));

    // Gone from the owner's list and pages …
    const after = skopjeInstant("2026-06-12", 10, 0);
    expect((await listPromotions(ctx, { now: after })).map((row) => row.name)).toEqual([]);
    await expect(getPromotion(ctx, june.id)).rejects.toSatisfy(notFound);
    await expect(setPromotionActive(ctx, june.id, true)).rejects.toSatisfy(notFound);
    await expect(deletePromotion(ctx, june.id, after)).rejects.toSatisfy(notFound);
    // … no longer on the public page from the moment it was deleted …
    const price = async (at: Date) =>
      (await pricesInEffect(ctx.db, ctx.storeId, [item.id], at)).get(item.id)!;
    expect((await price(after)).priceCents).toBe(20_000);
    // … but 180 den was in effect from 1 June until then, and the record says so.
    expect((await price(skopjeInstant("2026-06-05", 12, 0))).priceCents).toBe(18_000);
    const july = await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], {
        name: "Јули",
        value: "5",
        startsOn: "2026-07-01",
        endsOn: "2026-07-10",
      }),
      { now: after },
    );
    const inJuly = await price(skopjeInstant("2026-07-05", 12, 0));
    expect(inJuly).toMatchObject({ priceCents: 19_000, promotion: { id: july.id, priorPriceCents: 18_000 } });
    const own = await listProductPromotions(ctx, item.id, after);
    expect(own.map((p) => [p.name, p.startsOn, p.endsOn, p.deleted])).toEqual([
      ["Јули", "2026-07-01", "2026-07-10", false],
      ["Јуни", "2026-06-01", "2026-06-09", true],
    ]);
  });

  it("deletes outright a promotion that has not started, so the product is free for another", async () => {
    const { ctx, item } = await productAt200();
    const now = skopjeInstant("2026-06-10", 8, 0);
    const later = await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], {
        name: "Идна",
        startsOn: "2026-06-11",
        endsOn: "2026-06-20",
      }),
      { now },
    );
    await deletePromotion(ctx, later.id, now);
    const rows = await ctx.db
      .select({ id: promotion.id })
      .from(promotion)
      .where(and(eq(promotion.storeId, ctx.storeId), eq(promotion.id, later.id)));
    expect(rows).toEqual([]);
    expect(await listProductPromotions(ctx, item.id, now)).toEqual([]);
    await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], {
        name: "Друга",
        startsOn: "2026-06-11",
        endsOn: "2026-06-20",
      }),
      { now },
    );
  });
});
