import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { priceHistory } from "~/db/schema/activity";
import { store } from "~/db/schema/stores";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { skopjeDay } from "~/features/confirmation/calendar";
import { archivePriceList } from "~/features/feeds/snapshot.server";
import { setOverride } from "~/features/points-of-sale/overrides.server";
import { createPointOfSale, listPointsOfSale } from "~/features/points-of-sale/point-of-sale.server";
import { listPublicPointsOfSale } from "~/features/points-of-sale/point-of-sale-page.server";
import { testAddress } from "~/features/points-of-sale/points-of-sale.test-support";
import { get, post, signedIn, startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as editRoute from "../dashboard/settings/point-of-sale-edit";
import * as pageRoute from "../store/point-of-sale-page";
import * as archiveRoute from "./point-of-sale-prices-archive";
import * as jsonRoute from "./point-of-sale-prices-json";

// Decision 0085: deleting a point of sale closes it. It leaves the store's list and the live
// addresses, but its dated archive (the list it had each day, up to the day it closed) and its
// price history stay: an inspector asking what that shop charged on a past day still gets it.

type Args = { request: Request; context: unknown; params: Record<string, string> };
const call = (fn: unknown, args: Args) => (fn as (args: Args) => Promise<unknown>)(args);

let database: Database;
let shop: Awaited<ReturnType<typeof createTestStore>>;
let tetovoId: string;
let milkId: string;
const yesterday = skopjeDay(new Date(Date.now() - 86_400_000));

beforeAll(async () => {
  database = await startRouteDatabase();
  shop = await createTestStore(database, { address: testAddress("Skopje", "Скопје") });
  const tetovo = await createPointOfSale(shop.ctx, { name: "Тетово", address: testAddress(), phone: null });
  tetovoId = tetovo.id;
  milkId = (await createProduct(shop.ctx, productInput({ name: "Млеко", price: "80" }))).id;
  await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milkId, priceCents: 8_500 });
  const [owner] = await database.db.select().from(store).where(eq(store.id, shop.storeId));
  // Yesterday's day-end archive: the list Tetovo had, with its own price.
  await archivePriceList(database.db, owner!, "day_end", new Date(Date.now() - 86_400_000));
});
afterAll(async () => {
  await closeDatabase();
});

const archive = (day: string) =>
  call(archiveRoute.loader, {
    request: get(`/${shop.username}/tetovo/prices/${day}.json`),
    context: undefined,
    params: { username: shop.username, pointOfSale: "tetovo", file: `${day}.json` },
  });

describe("closing a point of sale", () => {
  it("keeps its dated archive and price history; its live page and files answer 404", async () => {
    expect(await statusOf(() => archive(yesterday))).toBe(200);
    const context = signedIn(shop.userId);
    const url = `/dashboard/settings/points-of-sale/${tetovoId}`;
    const closed = (await call(editRoute.action, {
      request: post(url, { intent: "delete" }),
      context,
      params: { pointOfSaleId: tetovoId },
    })) as Response;
    expect(closed.status).toBe(302);

    // Gone from the owner's list and menus and from the public list; its edit page is 404.
    expect((await listPointsOfSale(shop.ctx)).map((p) => p.id)).not.toContain(tetovoId);
    const [owner] = await database.db.select().from(store).where(eq(store.id, shop.storeId));
    expect(await listPublicPointsOfSale(database.db, owner!)).toEqual([]);
    expect(
      await statusOf(() =>
        call(editRoute.loader, { request: get(url), context, params: { pointOfSaleId: tetovoId } }),
      ),
    ).toBe(404);
    const live = { username: shop.username, pointOfSale: "tetovo" };
    expect(
      await statusOf(() =>
        call(pageRoute.loader, {
          request: get(`/${shop.username}/tetovo`),
          context: undefined,
          params: live,
        }),
      ),
    ).toBe(404);
    expect(
      await statusOf(() =>
        call(jsonRoute.loader, {
          request: get(`/${shop.username}/tetovo/prices.json`),
          context: undefined,
          params: live,
        }),
      ),
    ).toBe(404);

    // The day it had its own price still answers that list at the same address.
    const answer = (await archive(yesterday)) as Response;
    expect(answer.status).toBe(200);
    const list = JSON.parse(await answer.text());
    expect(list.pointOfSale.slug).toBe("tetovo");
    expect(list.products).toMatchObject([{ name: "Млеко", price: "85.00" }]);
    // The history of its own price stays too.
    const history = await database.db
      .select({ newPriceCents: priceHistory.newPriceCents })
      .from(priceHistory)
      .where(and(eq(priceHistory.storeId, shop.storeId), eq(priceHistory.pointOfSaleId, tetovoId)));
    expect(history).toEqual([{ newPriceCents: 8_500 }]);
  });

  it("answers no list for the days after it closed, and its address is never given to another", async () => {
    // The store's list of a later day is not the closed point's.
    const later = new Date(Date.now() + 2 * 86_400_000);
    const [owner] = await database.db.select().from(store).where(eq(store.id, shop.storeId));
    await archivePriceList(database.db, owner!, "day_end", later);
    expect(await statusOf(() => archive(skopjeDay(later)))).toBe(404);
    const again = await createPointOfSale(shop.ctx, { name: "Тетово", address: testAddress(), phone: null });
    expect(again.slug).not.toBe("tetovo");
  });
});
