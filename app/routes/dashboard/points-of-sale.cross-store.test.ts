import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { activityLog } from "~/db/schema/activity";
import { pointOfSale, pointOfSaleProduct, promotionPointOfSale } from "~/db/schema/points-of-sale";
import { store as storeTable } from "~/db/schema/stores";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { setOverride } from "~/features/points-of-sale/overrides.server";
import {
  closePointOfSale,
  createPointOfSale,
  listPointsOfSale,
} from "~/features/points-of-sale/point-of-sale.server";
import { getPointOfSalePage } from "~/features/points-of-sale/point-of-sale-page.server";
import { testAddress } from "~/features/points-of-sale/points-of-sale.test-support";
import { savePromotion } from "~/features/promotions/promotion.server";
import { promotionInput } from "~/features/promotions/promotion.test-support";
import { get, post, signedIn, startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as productPointsRoute from "./product-points-of-sale";
import * as promotionPointsRoute from "./promotion-points-of-sale";
import * as editRoute from "./settings/point-of-sale-edit";
import * as listRoute from "./settings/points-of-sale";

// Every points-of-sale page and action refuses the other store's point-of-sale and
// product ids (404) and changes nothing of theirs.

type Args = { request: Request; context: ReturnType<typeof signedIn>; params: Record<string, string> };
const call = (fn: unknown, args: Args) => (fn as (args: Args) => Promise<unknown>)(args);

let database: Database;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;
let myPointId: string;
let myProductId: string;
let theirPointId: string;
let theirOtherPointId: string;
let theirProductId: string;

async function snapshot() {
  const points = await database.db.select().from(pointOfSale).where(eq(pointOfSale.storeId, theirs.storeId));
  const overrides = await database.db
    .select()
    .from(pointOfSaleProduct)
    .where(eq(pointOfSaleProduct.storeId, theirs.storeId));
  const activity = await database.db
    .select()
    .from(activityLog)
    .where(eq(activityLog.storeId, theirs.storeId));
  return JSON.stringify({ points, overrides, activity });
}

beforeAll(async () => {
  database = await startRouteDatabase();
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
  myPointId = (await createPointOfSale(mine.ctx, { name: "Мое", address: testAddress(), phone: null })).id;
  myProductId = (await createProduct(mine.ctx, productInput({ name: "Мое млеко", price: "80" }))).id;
  theirPointId = (await createPointOfSale(theirs.ctx, { name: "Туѓо", address: testAddress(), phone: null }))
    .id;
  theirOtherPointId = (await listPointsOfSale(theirs.ctx))[0]!.id;
  theirProductId = (await createProduct(theirs.ctx, productInput({ name: "Туѓо млеко", price: "80" }))).id;
  await setOverride(theirs.ctx, {
    pointOfSaleId: theirPointId,
    productId: theirProductId,
    priceCents: 9_900,
  });
});
afterAll(async () => {
  await closeDatabase();
});

/** The business hours form's fields, every day from `from` to `to`. */
const week = (from: string, to: string) =>
  Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].flatMap((day) => [
      [`${day}.from`, from],
      [`${day}.to`, to],
    ]),
  ) as Record<string, string>;

const pointForm = {
  intent: "save",
  name: "Преземено",
  slug: "",
  addressSuggestion: "{}",
  street: "ул. 1",
  phone: "",
};

describe("another store's points of sale and products answer 404 and change nothing", () => {
  it("settings → points of sale: delete one of theirs", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const url = "/dashboard/settings/points-of-sale";
    for (const id of [theirPointId, theirOtherPointId]) {
      const request = post(url, { intent: "delete", pointOfSaleId: id });
      expect(await statusOf(() => call(listRoute.action, { request, context, params: {} }))).toBe(404);
    }
    expect(await snapshot()).toBe(before);
  });

  it("settings → points of sale: reopen one of theirs, closed or open (decision 0095)", async () => {
    // Their second point is closed by its owner; mine may not reopen it, nor "reopen" an open one.
    const theirClosed = await createPointOfSale(theirs.ctx, {
      name: "Затворено туѓо",
      address: testAddress(),
      phone: null,
    });
    await closePointOfSale(theirs.ctx, theirClosed.id);
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const url = "/dashboard/settings/points-of-sale";
    for (const id of [theirClosed.id, theirPointId, "not-a-uuid", myPointId]) {
      const request = post(url, { intent: "reopen", pointOfSaleId: id });
      expect([id, await statusOf(() => call(listRoute.action, { request, context, params: {} }))]).toEqual([
        id,
        404,
      ]);
    }
    expect(await snapshot()).toBe(before);
  });

  it("the edit page, its save and its delete", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const url = `/dashboard/settings/points-of-sale/${theirPointId}`;
    const params = { pointOfSaleId: theirPointId };
    expect(await statusOf(() => call(editRoute.loader, { request: get(url), context, params }))).toBe(404);
    // A valid address is not needed to be refused: the point is looked up before the address.
    const save = post(url, pointForm);
    expect([400, 404]).toContain(
      await statusOf(() => call(editRoute.action, { request: save, context, params })),
    );
    const remove = post(url, { intent: "delete" });
    expect(await statusOf(() => call(editRoute.action, { request: remove, context, params }))).toBe(404);
    for (const junk of ["not-a-uuid", "..%2F..%2Fadmin", "00000000-0000-0000-0000-000000000000"]) {
      const junkArgs = { request: get(url), context, params: { pointOfSaleId: junk } };
      expect(await statusOf(() => call(editRoute.loader, junkArgs))).toBe(404);
    }
    expect(await snapshot()).toBe(before);
  });

  it("the business hours of their point of sale, or of a junk id", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    for (const [id, intent] of [
      [theirPointId, "hours"],
      [theirOtherPointId, "hours"],
      [theirPointId, "storeHours"],
      ["not-a-uuid", "hours"],
      ["00000000-0000-0000-0000-000000000000", "storeHours"],
    ] as const) {
      const request = post(`/dashboard/settings/points-of-sale/${id}`, { intent, ...week("07:00", "15:00") });
      const params = { pointOfSaleId: id };
      expect([
        id,
        intent,
        await statusOf(() => call(editRoute.action, { request, context, params })),
      ]).toEqual([id, intent, 404]);
    }
    expect(await snapshot()).toBe(before);
  });

  it("my point of sale's own business hours: saved by a plain form post, shown on its public page", async () => {
    const context = signedIn(mine.userId);
    const url = `/dashboard/settings/points-of-sale/${myPointId}`;
    const params = { pointOfSaleId: myPointId };
    const [point] = await database.db.select().from(pointOfSale).where(eq(pointOfSale.id, myPointId));
    const page = () => getPointOfSalePage(database.db, mine.username, point!.slug, { page: 1 }, new Date());
    const fields = { ...week("07:00", "15:00"), "sun.closed": "on" };
    const saved = (await call(editRoute.action, {
      request: post(url, { intent: "hours", ...fields }),
      context,
      params,
    })) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(url);
    expect((await page()).point.hours).toMatchObject({
      mon: { closed: false, from: "07:00", to: "15:00" },
      sun: { closed: true, from: "07:00", to: "15:00" },
    });
    const loaded = (await call(editRoute.loader, { request: get(url), context, params })) as {
      hours: unknown;
      ownHours: boolean;
    };
    expect(loaded.ownHours).toBe(true);
    // A closing time before the opening one is refused with the field's message, what was typed kept.
    const wrong = (await call(editRoute.action, {
      request: post(url, { intent: "hours", ...week("15:00", "07:00") }),
      context,
      params,
    })) as { data: { intent: string; errors: Record<string, string>; values: Record<string, string> } };
    expect(wrong.data.intent).toBe("hours");
    expect(wrong.data.errors["mon.to"]).toBe("validation:hoursFromBeforeTo");
    expect(wrong.data.values["mon.from"]).toBe("15:00");
    // Back to the store's hours: the public page shows the store's again.
    const back = (await call(editRoute.action, {
      request: post(url, { intent: "storeHours" }),
      context,
      params,
    })) as Response;
    expect(back.status).toBe(302);
    const [store] = await database.db.select().from(storeTable).where(eq(storeTable.id, mine.storeId));
    expect((await page()).point.hours).toEqual(store!.hours);
  });

  it("a product's prices at points of sale: their product, their point on my product, my point on their product", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const page = (productId: string) => `/dashboard/products/${productId}/points-of-sale`;
    expect(
      await statusOf(() =>
        call(productPointsRoute.loader, {
          request: get(page(theirProductId)),
          context,
          params: { productId: theirProductId },
        }),
      ),
    ).toBe(404);
    const attempts: [string, string, string][] = [
      [theirProductId, theirPointId, "save"],
      [theirProductId, myPointId, "save"],
      [myProductId, theirPointId, "save"],
      [theirProductId, theirPointId, "clear"],
      [myProductId, theirPointId, "clear"],
    ];
    for (const [productId, pointOfSaleId, intent] of attempts) {
      const request = post(page(productId), {
        intent,
        pointOfSaleId,
        price: "1",
        availability: "",
        excluded: "on",
      });
      expect([
        productId,
        pointOfSaleId,
        intent,
        await statusOf(() => call(productPointsRoute.action, { request, context, params: { productId } })),
      ]).toEqual([productId, pointOfSaleId, intent, 404]);
    }
    expect(await snapshot()).toBe(before);
  });

  it("my own point of sale and product still work through the same routes", async () => {
    const context = signedIn(mine.userId);
    const url = `/dashboard/products/${myProductId}/points-of-sale`;
    const request = post(url, {
      intent: "save",
      pointOfSaleId: myPointId,
      price: "85,50",
      availability: "",
      excluded: "",
    });
    const answer = (await call(productPointsRoute.action, {
      request,
      context,
      params: { productId: myProductId },
    })) as Response;
    expect(answer.status).toBe(302);
    const rows = await database.db
      .select()
      .from(pointOfSaleProduct)
      .where(eq(pointOfSaleProduct.storeId, mine.storeId));
    expect(rows).toMatchObject([{ pointOfSaleId: myPointId, productId: myProductId, priceCents: 8_550 }]);
  });

  it("a promotion's points of sale: their promotion, and their point of sale on my promotion", async () => {
    const theirPromotion = await savePromotion(theirs.ctx, promotionInput([{ productId: theirProductId }]));
    const myPromotion = await savePromotion(mine.ctx, promotionInput([{ productId: myProductId }]));
    const limits = async () =>
      database.db
        .select()
        .from(promotionPointOfSale)
        .where(inArray(promotionPointOfSale.promotionId, [theirPromotion.id, myPromotion.id]));
    const before = JSON.stringify(await limits());
    const context = signedIn(mine.userId);
    const page = (id: string) => `/dashboard/promotions/${id}/points-of-sale`;
    const theirParams = { promotionId: theirPromotion.id };
    expect(
      await statusOf(() =>
        call(promotionPointsRoute.loader, {
          request: get(page(theirPromotion.id)),
          context,
          params: theirParams,
        }),
      ),
    ).toBe(404);
    for (const [promotionId, ids] of [
      [theirPromotion.id, [theirPointId]],
      [theirPromotion.id, [myPointId]],
      [myPromotion.id, [theirPointId]],
      [myPromotion.id, [myPointId, theirPointId]],
    ] as const) {
      const request = post(page(promotionId), { pointOfSaleId: [...ids] });
      const status = await statusOf(() =>
        call(promotionPointsRoute.action, { request, context, params: { promotionId } }),
      );
      expect([promotionId, ids, status]).toEqual([promotionId, ids, 404]);
    }
    expect(JSON.stringify(await limits())).toBe(before);
    // My own promotion limited to my own point of sale.
    const request = post(page(myPromotion.id), { pointOfSaleId: [myPointId] });
    const answer = (await call(promotionPointsRoute.action, {
      request,
      context,
      params: { promotionId: myPromotion.id },
    })) as Response;
    expect(answer.status).toBe(302);
    const rows = await database.db
      .select()
      .from(promotionPointOfSale)
      .where(eq(promotionPointOfSale.storeId, mine.storeId));
    expect(rows).toMatchObject([{ promotionId: myPromotion.id, pointOfSaleId: myPointId }]);
  });

  it("the last point of sale cannot be deleted through the page", async () => {
    const lonely = await createTestStore(database);
    const [only] = await listPointsOfSale(lonely.ctx);
    const context = signedIn(lonely.userId);
    const request = post("/dashboard/settings/points-of-sale", { intent: "delete", pointOfSaleId: only!.id });
    const answer = (await call(listRoute.action, { request, context, params: {} })) as {
      data: { ok: boolean; errors: Record<string, string> };
      init: { status: number };
    };
    expect(answer.init.status).toBe(409);
    expect(answer.data.errors.form).toBe("errors:lastPointOfSale");
    expect(await listPointsOfSale(lonely.ctx)).toHaveLength(1);
  });
});
