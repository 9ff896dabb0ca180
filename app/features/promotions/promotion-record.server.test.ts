import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { priceHistory } from "~/db/schema/activity";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { isAppError } from "~/lib/app-error";
import { skopjeInstant } from "~/lib/calendar";
import type { StoreContext } from "~/lib/service-context";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { pricesInEffect } from "./price-in-effect.server";
import { listProductPromotions } from "./product-promotions.server";
import { getPromotion, listPromotions, savePromotion } from "./promotion.server";
import { promotionInput } from "./promotion.test-support";
import { setPromotionActive } from "./promotion-activation.server";

// Decision 0093: what a promotion has shown on the public page is the legal record (the
// dated archive, the price history, the prior price of later promotions). Deactivating it or
// changing a custom price in it must not rewrite its past days; a lost race is a clear answer.

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

const code = (error: unknown) => (isAppError(error) ? error.code : String(error));
const june = { name: "Јуни", startsOn: "2026-06-01", endsOn: "2026-06-20" };
const beforeJune = skopjeInstant("2026-05-25", 10, 0);
const on10June = skopjeInstant("2026-06-10", 8, 0);

describe("deactivating a promotion (decision 0093)", () => {
  it("keeps the days it ran in the price in effect and in a later promotion's prior price, and closes it", async () => {
    const { ctx, item } = await productAt200();
    const saved = await savePromotion(ctx, promotionInput([{ productId: item.id }], june), {
      now: beforeJune,
    });
    // Deactivated on 10 June at 08:00 Skopje, while it runs.
    await setPromotionActive(ctx, saved.id, false, on10June);

    const price = async (at: Date) =>
      (await pricesInEffect(ctx.db, ctx.storeId, [item.id], at)).get(item.id)!;
    // 180 den was in effect from 1 June until then, and the record still says so …
    expect((await price(skopjeInstant("2026-06-05", 12, 0))).priceCents).toBe(18_000);
    // … and not after it.
    expect((await price(skopjeInstant("2026-06-12", 12, 0))).priceCents).toBe(20_000);
    const july = await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], {
        name: "Јули",
        value: "5",
        startsOn: "2026-07-01",
        endsOn: "2026-07-10",
      }),
      { now: skopjeInstant("2026-06-12", 10, 0) },
    );
    expect(await price(skopjeInstant("2026-07-05", 12, 0))).toMatchObject({
      priceCents: 19_000,
      promotion: { id: july.id, priorPriceCents: 18_000 },
    });
    // The owner sees it as inactive, ended early, with the days it ran on the product.
    const later = skopjeInstant("2026-06-12", 10, 0);
    const listed = (await listPromotions(ctx, { now: later })).find((row) => row.id === saved.id)!;
    expect([listed.state, listed.active, listed.canActivate, listed.deactivatedOn]).toEqual([
      "inactive",
      false,
      false,
      "2026-06-10",
    ]);
    const own = await listProductPromotions(ctx, item.id, later);
    expect(own.map((p) => [p.name, p.startsOn, p.endsOn, p.state])).toEqual([
      ["Јули", "2026-07-01", "2026-07-10", "scheduled"],
      ["Јуни", "2026-06-01", "2026-06-09", "inactive"],
    ]);
    // It cannot run again, nor be edited: either would rewrite or blur the days on the record.
    const answers = [
      await setPromotionActive(ctx, saved.id, true, later).catch(code),
      await savePromotion(ctx, promotionInput([{ productId: item.id }], june), {
        id: saved.id,
        now: later,
      }).catch(code),
    ];
    expect(answers).toEqual(["promotionEndedEarly", "promotionEndedEarly"]);
    expect((await price(skopjeInstant("2026-06-05", 12, 0))).priceCents).toBe(18_000);
  });

  it("switches a promotion that has not started off and on, but not on once its first day has passed", async () => {
    const { ctx, item } = await productAt200();
    const saved = await savePromotion(ctx, promotionInput([{ productId: item.id }], june), {
      now: beforeJune,
    });
    await setPromotionActive(ctx, saved.id, false, skopjeInstant("2026-05-26", 10, 0));
    await setPromotionActive(ctx, saved.id, true, skopjeInstant("2026-05-27", 10, 0));
    await setPromotionActive(ctx, saved.id, false, skopjeInstant("2026-05-28", 10, 0));
    const price = async (day: string) =>
      (await pricesInEffect(ctx.db, ctx.storeId, [item.id], skopjeInstant(day, 12, 0))).get(item.id)!
        .priceCents;
    expect(await price("2026-06-01")).toBe(20_000);
    // Activated on 2 June, it would say 1 June was a promotion day: it was not.
    await expect(
      setPromotionActive(ctx, saved.id, true, skopjeInstant("2026-06-02", 10, 0)),
    ).rejects.toSatisfy((error) => code(error) === "promotionStartPassed");
    expect(await price("2026-06-01")).toBe(20_000);
    // Its first day may still be today.
    const today = await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], { ...june, name: "Денес", startsOn: "2026-06-03" }),
      { id: saved.id, now: skopjeInstant("2026-06-03", 9, 0) },
    );
    await setPromotionActive(ctx, today.id, true, skopjeInstant("2026-06-03", 9, 5));
    expect(await price("2026-06-03")).toBe(18_000);
  });
});

describe("a custom price in a promotion that has started (decision 0093)", () => {
  it("cannot change, since it would rewrite the days already shown; before the start it may", async () => {
    const { ctx, item } = await productAt200();
    const at150 = [{ productId: item.id, customPrice: "150" }];
    const saved = await savePromotion(ctx, promotionInput(at150, june), { now: beforeJune });
    // Before its first day the owner may change it.
    await savePromotion(ctx, promotionInput([{ productId: item.id, customPrice: "160" }], june), {
      id: saved.id,
      now: skopjeInstant("2026-05-30", 10, 0),
    });
    const price = async (day: string) =>
      (await pricesInEffect(ctx.db, ctx.storeId, [item.id], skopjeInstant(day, 12, 0))).get(item.id)!
        .priceCents;
    expect(await price("2026-06-05")).toBe(16_000);
    const changes = [[{ productId: item.id, customPrice: "120" }], [{ productId: item.id }]];
    const answers = [];
    for (const products of changes)
      answers.push(
        await savePromotion(ctx, promotionInput(products, june), { id: saved.id, now: on10June }).then(
          () => "saved",
          (error) => [code(error), isAppError(error) ? error.params : null],
        ),
      );
    expect(answers).toEqual([
      ["promotionStartedCustomPrice", { product: "Чоколадо" }],
      ["promotionStartedCustomPrice", { product: "Чоколадо" }],
    ]);
    expect(await price("2026-06-05")).toBe(16_000);
    // The same price (as the edit form posts it back) still saves, with a later end.
    await savePromotion(
      ctx,
      promotionInput([{ productId: item.id, customPrice: "160,00" }], { ...june, endsOn: "2026-06-25" }),
      { id: saved.id, now: on10June },
    );
    expect([await price("2026-06-05"), await price("2026-06-24")]).toEqual([16_000, 16_000]);
    expect((await getPromotion(ctx, saved.id)).endsOn).toBe("2026-06-25");
  });
});

/** The store's context whose writes fail with a PostgreSQL error `sqlState`, as a lost race does. */
function losingWrites(ctx: StoreContext, sqlState: string): StoreContext {
  const fail = () => {
    throw Object.assign(new Error(`lost the race (${sqlState})`), { code: sqlState });
  };
  const db = new Proxy(ctx.db, {
    get(target, key, receiver) {
      if (key === "transaction" || key === "update") return fail;
      return Reflect.get(target, key, receiver);
    },
  });
  return { ...ctx, db };
}

describe("an activation that loses a race", () => {
  it("answers 'promotionProductTaken' for a deadlock, a serialization failure or a unique violation", async () => {
    const { ctx, item } = await productAt200();
    const saved = await savePromotion(ctx, promotionInput([{ productId: item.id }], june), {
      now: beforeJune,
    });
    await setPromotionActive(ctx, saved.id, false, beforeJune);
    const answers = [];
    for (const sqlState of ["40P01", "40001", "23505", "23P01"])
      answers.push(
        await setPromotionActive(losingWrites(ctx, sqlState), saved.id, true, beforeJune).catch(code),
      );
    expect(answers).toEqual([
      "promotionProductTaken",
      "promotionProductTaken",
      "promotionProductTaken",
      "promotionProductTaken",
    ]);
    // Any other failure is still 'Failed to save promotion'.
    expect(await setPromotionActive(losingWrites(ctx, "XX000"), saved.id, true, beforeJune).catch(code)).toBe(
      "promotionSaveFailed",
    );
  });
});
