import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { promotion, promotionProduct } from "~/db/schema/promotions";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { promotionDay } from "~/features/promotions/price-in-effect.server";
import { deletePromotion, savePromotion } from "~/features/promotions/promotion.server";
import { promotionInput, upcoming } from "~/features/promotions/promotion.test-support";
import { addDays } from "~/lib/calendar";
import { get, post, signedIn, startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as productsRoute from "./products";
import * as addRoute from "./promotion-add";
import * as editRoute from "./promotion-edit";
import * as pointsRoute from "./promotion-points-of-sale";
import * as priorRoute from "./promotion-prior-prices";
import * as listRoute from "./promotions";

// With two stores, every promotion route and action refuses the other store's ids (404)
// and changes nothing of theirs.

type Args = { request: Request; context: ReturnType<typeof signedIn>; params: Record<string, string> };
const call = (fn: unknown, args: Args) => (fn as (args: Args) => Promise<unknown>)(args);

let database: Database;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;
let theirProductId: string;
let theirPromotionId: string;
let myProductId: string;

const wizardForm = (
  products: { productId: string; customPrice?: string }[],
  extra: Record<string, string> = {},
) => ({
  name: "Моја акција",
  type: "sales_action",
  discountType: "percentage",
  value: "10",
  startsOn: upcoming(0),
  endsOn: upcoming(6),
  products: JSON.stringify(products),
  ...extra,
});

async function snapshot() {
  const promotions = await database.db.select().from(promotion).where(eq(promotion.storeId, theirs.storeId));
  const assignments = await database.db
    .select()
    .from(promotionProduct)
    .where(eq(promotionProduct.storeId, theirs.storeId));
  return JSON.stringify({ promotions, assignments });
}

beforeAll(async () => {
  database = await startRouteDatabase();
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
  theirProductId = (await createProduct(theirs.ctx, productInput({ name: "Туѓ", price: "100" }))).id;
  theirPromotionId = (await savePromotion(theirs.ctx, promotionInput([{ productId: theirProductId }]))).id;
  myProductId = (await createProduct(mine.ctx, productInput({ name: "Мој", price: "100" }))).id;
});
afterAll(async () => {
  await closeDatabase();
});

describe("another store's promotions answer 404 and change nothing", () => {
  it("the list shows only mine; activate, deactivate and delete of theirs are 404", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const list = (await call(listRoute.loader, {
      request: get("/dashboard/promotions"),
      context,
      params: {},
    })) as {
      promotions: { id: string }[];
    };
    expect(list.promotions.map((p) => p.id)).not.toContain(theirPromotionId);
    for (const intent of ["activate", "deactivate", "delete"]) {
      const request = post("/dashboard/promotions", { intent, promotionId: theirPromotionId });
      expect([
        intent,
        await statusOf(() => call(listRoute.action, { request, context, params: {} })),
      ]).toEqual([intent, 404]);
    }
    expect(await snapshot()).toBe(before);
  });

  it("their promotion's edit page and its save are 404", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const url = `/dashboard/promotions/${theirPromotionId}`;
    const params = { promotionId: theirPromotionId };
    expect(await statusOf(() => call(editRoute.loader, { request: get(url), context, params }))).toBe(404);
    const save = post(url, wizardForm([{ productId: myProductId }]));
    expect(await statusOf(() => call(editRoute.action, { request: save, context, params }))).toBe(404);
    const malformed = { promotionId: "not-a-uuid" };
    expect(
      await statusOf(() =>
        call(editRoute.loader, { request: get("/dashboard/promotions/x"), context, params: malformed }),
      ),
    ).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it("the wizard's steps posted to their promotion's edit address are 404, and to a malformed one", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const { products: _json, ...details } = wizardForm([]);
    for (const promotionId of [theirPromotionId, "not-a-uuid"]) {
      for (const step of ["products", "review", "selectAll"]) {
        const request = post(`/dashboard/promotions/${promotionId}`, {
          ...details,
          step,
          product: myProductId,
        });
        const status = await statusOf(() =>
          call(editRoute.action, { request, context, params: { promotionId } }),
        );
        expect([promotionId, step, status]).toEqual([promotionId, step, 404]);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it("a new promotion with their product is 404; the wizard never lists it nor gives its prior price", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const request = post("/dashboard/promotions/add", wizardForm([{ productId: theirProductId }]));
    expect(await statusOf(() => call(addRoute.action, { request, context, params: {} }))).toBe(404);
    const both = post(
      "/dashboard/promotions/add",
      wizardForm([{ productId: myProductId }, { productId: theirProductId }]),
    );
    expect(await statusOf(() => call(addRoute.action, { request: both, context, params: {} }))).toBe(404);
    const page = (await call(addRoute.loader, {
      request: get("/dashboard/promotions/add"),
      context,
      params: {},
    })) as {
      products: { id: string }[];
    };
    expect(page.products.map((p) => p.id)).toEqual([myProductId]);
    const prior = (await call(priorRoute.loader, {
      request: get(
        `/dashboard/promotions/prior-prices?prior=${upcoming(0)}&ids=${theirProductId},${myProductId}`,
      ),
      context,
      params: {},
    })) as Response;
    expect(await prior.json()).toEqual({ priorPrices: { [myProductId]: 10_000 } });
    expect(await snapshot()).toBe(before);
  });

  it("the wizard's steps without JavaScript select only my products and give no prior price of theirs", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const { products: _json, ...details } = wizardForm([]);
    type Step = {
      wizard: { step: string; values: { products: string }; priorPrices?: Record<string, number> };
    };
    const selectAll = (await call(addRoute.action, {
      request: post("/dashboard/promotions/add", { ...details, step: "selectAll", q: "" }),
      context,
      params: {},
    })) as Step;
    expect(selectAll.wizard.step).toBe("products");
    expect(JSON.parse(selectAll.wizard.values.products)).toEqual([
      { productId: myProductId, customPrice: "" },
    ]);
    const review = post("/dashboard/promotions/add", {
      ...details,
      step: "review",
      product: [myProductId, theirProductId],
    });
    expect(await statusOf(() => call(addRoute.action, { request: review, context, params: {} }))).toBe(404);
    const mineOnly = (await call(addRoute.action, {
      request: post("/dashboard/promotions/add", { ...details, step: "review", product: myProductId }),
      context,
      params: {},
    })) as Step;
    expect(mineOnly.wizard).toMatchObject({ step: "review", priorPrices: { [myProductId]: 10_000 } });
    expect(await snapshot()).toBe(before);
  });

  it("answers the spec's custom-price message, and saves a valid promotion in my store only", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const tooHigh = post(
      "/dashboard/promotions/add",
      wizardForm([{ productId: myProductId, customPrice: "100" }]),
    );
    const answer = (await call(addRoute.action, { request: tooHigh, context, params: {} })) as {
      data: { errors: Record<string, string>; params: Record<string, string> };
      init: { status: number };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.errors.form).toBe("errors:customPriceTooHigh");
    expect(answer.data.params).toEqual({ product: "Мој", price: "100,00" });
    const none = post("/dashboard/promotions/add", wizardForm([]));
    const empty = (await call(addRoute.action, { request: none, context, params: {} })) as {
      data: { errors: Record<string, string> };
    };
    expect(Object.values(empty.data.errors)).toContain("errors:promotionProductsRequired");
    const ok = post("/dashboard/promotions/add", wizardForm([{ productId: myProductId, customPrice: "80" }]));
    expect(await statusOf(() => call(addRoute.action, { request: ok, context, params: {} }))).toBe(302);
    const saved = await database.db.select().from(promotion).where(eq(promotion.storeId, mine.storeId));
    expect(saved.map((p) => p.name)).toEqual(["Моја акција"]);
    expect(await snapshot()).toBe(before);
  });

  it("the products list counts each of my products' promotions, and never theirs", async () => {
    const context = signedIn(mine.userId);
    const counted = (await createProduct(mine.ctx, productInput({ name: "Бројот", price: "50" }))).id;
    await savePromotion(
      mine.ctx,
      promotionInput([{ productId: counted }], { startsOn: "2099-01-01", endsOn: "2099-01-02" }),
    );
    await savePromotion(
      mine.ctx,
      promotionInput([{ productId: counted }], { startsOn: "2099-02-01", endsOn: "2099-02-02" }),
    );
    const list = (await call(productsRoute.loader, {
      request: get("/dashboard/products?promo=1&q=Бројот"),
      context,
      params: {},
    })) as { products: { id: string; promotionCount: number }[] };
    expect(list.products.map((p) => [p.id, p.promotionCount])).toEqual([[counted, 2]]);
    const theirList = (await call(productsRoute.loader, {
      request: get("/dashboard/products?promo=1"),
      context: signedIn(theirs.userId),
      params: {},
    })) as { products: { id: string; promotionCount: number }[] };
    expect(theirList.products.map((p) => [p.id, p.promotionCount])).toEqual([[theirProductId, 1]]);
  });
});

describe("a promotion I deleted after it started is history, not mine to change (decision 0089)", () => {
  it("is on no list, and its page, save, steps, activation, deletion and points of sale are 404", async () => {
    const context = signedIn(mine.userId);
    const productId = (await createProduct(mine.ctx, productInput({ name: "Историја", price: "100" }))).id;
    const today = promotionDay();
    const started = await savePromotion(
      mine.ctx,
      promotionInput([{ productId }], {
        name: "Избришана",
        startsOn: addDays(today, -3),
        endsOn: addDays(today, 3),
      }),
    );
    await deletePromotion(mine.ctx, started.id);
    const kept = async () =>
      JSON.stringify(
        await database.db
          .select()
          .from(promotionProduct)
          .where(
            and(eq(promotionProduct.storeId, mine.storeId), eq(promotionProduct.promotionId, started.id)),
          ),
      );
    const before = await kept();
    expect(JSON.parse(before)).toHaveLength(1);
    const list = (await call(listRoute.loader, {
      request: get("/dashboard/promotions"),
      context,
      params: {},
    })) as {
      promotions: { id: string }[];
    };
    expect(list.promotions.map((p) => p.id)).not.toContain(started.id);
    const url = `/dashboard/promotions/${started.id}`;
    const params = { promotionId: started.id };
    const answers: [string, number][] = [
      ["page", await statusOf(() => call(editRoute.loader, { request: get(url), context, params }))],
      [
        "save",
        await statusOf(() =>
          call(editRoute.action, { request: post(url, wizardForm([{ productId }])), context, params }),
        ),
      ],
      [
        "step",
        await statusOf(() =>
          call(editRoute.action, {
            request: post(url, { ...wizardForm([{ productId }]), step: "review" }),
            context,
            params,
          }),
        ),
      ],
      [
        "points of sale",
        await statusOf(() =>
          call(pointsRoute.loader, { request: get(`${url}/points-of-sale`), context, params }),
        ),
      ],
      [
        "points of sale save",
        await statusOf(() =>
          call(pointsRoute.action, {
            request: post(`${url}/points-of-sale`, { pointOfSaleId: [] }),
            context,
            params,
          }),
        ),
      ],
    ];
    for (const intent of ["activate", "deactivate", "delete"]) {
      const request = post("/dashboard/promotions", { intent, promotionId: started.id });
      answers.push([intent, await statusOf(() => call(listRoute.action, { request, context, params: {} }))]);
    }
    expect(answers).toEqual([
      ["page", 404],
      ["save", 404],
      ["step", 404],
      ["points of sale", 404],
      ["points of sale save", 404],
      ["activate", 404],
      ["deactivate", 404],
      ["delete", 404],
    ]);
    expect(await kept()).toBe(before);
  });
});
