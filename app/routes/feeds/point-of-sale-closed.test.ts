import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { activityLog, priceHistory } from "~/db/schema/activity";
import { pointOfSale } from "~/db/schema/points-of-sale";
import { store } from "~/db/schema/stores";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { archivePriceList } from "~/features/feeds/snapshot.server";
import { setOverride } from "~/features/points-of-sale/overrides.server";
import { MAX_POINTS_OF_SALE } from "~/features/points-of-sale/point-of-sale.schema";
import {
  closePointOfSale,
  createPointOfSale,
  listPointsOfSale,
} from "~/features/points-of-sale/point-of-sale.server";
import { reopenPointOfSale } from "~/features/points-of-sale/point-of-sale-closing.server";
import { listPublicPointsOfSale } from "~/features/points-of-sale/point-of-sale-page.server";
import { testAddress } from "~/features/points-of-sale/points-of-sale.test-support";
import { skopjeDay } from "~/lib/calendar";
import { get, post, signedIn, startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as editRoute from "../dashboard/settings/point-of-sale-edit";
import * as listRoute from "../dashboard/settings/points-of-sale";
import * as pageRoute from "../store/point-of-sale-page";
import * as archiveRoute from "./point-of-sale-prices-archive";
import * as jsonRoute from "./point-of-sale-prices-json";
import * as pricesPageRoute from "./prices-page";

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

const pricesPage = async (username: string) =>
  (
    (await call(pricesPageRoute.loader, {
      request: get(`/${username}/prices`),
      context: undefined,
      params: { username },
    })) as { closedPointsOfSale: { slug: string; name: string; closedOn: string }[] }
  ).closedPointsOfSale;

describe("/{username}/prices and closed points of sale", () => {
  it("lists a closed point's archive address with the day it closed, and a reopened one no more", async () => {
    // Tetovo was closed today by the tests above: its archive is documented, marked closed.
    expect(await pricesPage(shop.username)).toEqual([
      { slug: "tetovo", name: "Тетово", closedOn: skopjeDay(new Date()) },
    ]);
    const answer = (await call(archiveRoute.loader, {
      request: get(`/${shop.username}/tetovo/prices/${skopjeDay(new Date())}.json`),
      context: undefined,
      params: { username: shop.username, pointOfSale: "tetovo", file: `${skopjeDay(new Date())}.json` },
    })) as Response;
    expect(answer.status).toBe(200);
    // Another store's closed points are not on this store's page.
    const other = await createTestStore(database);
    expect(await pricesPage(other.username)).toEqual([]);
  });
});

describe("reopening a point of sale (decision 0095)", () => {
  it("puts it back at the same address; the days it was closed keep answering as they did", async () => {
    const owner = await createTestStore(database, { address: testAddress("Skopje", "Скопје") });
    const ohrid = await createPointOfSale(owner.ctx, { name: "Охрид", address: testAddress(), phone: null });
    const breadId = (await createProduct(owner.ctx, productInput({ name: "Леб", price: "40" }))).id;
    await setOverride(owner.ctx, { pointOfSaleId: ohrid.id, productId: breadId, priceCents: 4_500 });
    const row = async () => (await database.db.select().from(store).where(eq(store.id, owner.storeId)))[0]!;
    // Three days ahead of the clock: D0 it closes, D1 it is closed all day, D2 it is reopened.
    const day = (offset: number) => skopjeDay(new Date(Date.now() + (3 + offset) * 86_400_000));
    const at = (offset: number, time: string) => new Date(`${day(offset)}T${time}Z`);
    await closePointOfSale(owner.ctx, ohrid.id, at(0, "10:00:00"));
    await archivePriceList(database.db, await row(), "day_end", at(0, "20:00:00"));
    await archivePriceList(database.db, await row(), "day_end", at(1, "20:00:00"));
    await reopenPointOfSale(owner.ctx, ohrid.id, at(2, "08:00:00"));
    await setOverride(owner.ctx, { pointOfSaleId: ohrid.id, productId: breadId, priceCents: 4_700 });
    // The morning's catch-up files D0's and D1's lists after the reopening (decision 0080): they
    // were not the point's lists then.
    await archivePriceList(database.db, await row(), "day_end", at(2, "08:30:00"), at(0, "21:00:00"));
    await archivePriceList(database.db, await row(), "day_end", at(2, "08:31:00"), at(1, "21:00:00"));
    await archivePriceList(database.db, await row(), "day_end", at(2, "20:00:00"));

    const read = async (offset: number) => {
      const answer = (await call(archiveRoute.loader, {
        request: get(`/${owner.username}/${ohrid.slug}/prices/${day(offset)}.json`),
        context: undefined,
        params: { username: owner.username, pointOfSale: ohrid.slug, file: `${day(offset)}.json` },
      }).catch((error) => error)) as Response | { init?: { status: number } };
      if (!(answer instanceof Response)) return answer.init?.status ?? 500;
      // A missing day answers a 404 problem (a Response of its own), not a list.
      if (!answer.ok) return answer.status;
      return JSON.parse(await answer.text()).products.map((p: { price: string }) => p.price);
    };
    // The day it closed: the list it had until it closed (its own price), not the later ones.
    expect(await read(0)).toEqual(["45.00"]);
    // The day it was closed: no list, also after the reopening.
    expect(await read(1)).toBe(404);
    // Reopened: its own (new) price, in the lists and at its live address.
    expect(await read(2)).toEqual(["47.00"]);
    expect((await listPointsOfSale(owner.ctx)).map((p) => p.slug)).toContain(ohrid.slug);
    const live = (await call(jsonRoute.loader, {
      request: get(`/${owner.username}/${ohrid.slug}/prices.json`),
      context: undefined,
      params: { username: owner.username, pointOfSale: ohrid.slug },
    })) as Response;
    expect(live.status).toBe(200);
    // The activity says who closed and reopened it.
    const entries = await database.db
      .select({ type: activityLog.type, details: activityLog.details, actorId: activityLog.actorId })
      .from(activityLog)
      .where(
        and(
          eq(activityLog.storeId, owner.storeId),
          inArray(activityLog.type, ["point_of_sale_closed", "point_of_sale_reopened"]),
        ),
      )
      .orderBy(activityLog.createdAt);
    expect(entries).toEqual([
      { type: "point_of_sale_closed", details: { pointOfSale: "Охрид" }, actorId: owner.userId },
      { type: "point_of_sale_reopened", details: { pointOfSale: "Охрид" }, actorId: owner.userId },
    ]);
    // An open point is not "reopened".
    await expect(reopenPointOfSale(owner.ctx, ohrid.id)).rejects.toMatchObject({ code: "notFound" });
  });

  it("the list's reopen button reopens it; the limit of open points applies", async () => {
    const context = signedIn(shop.userId);
    const url = "/dashboard/settings/points-of-sale";
    const reopened = (await call(listRoute.action, {
      request: post(url, { intent: "reopen", pointOfSaleId: tetovoId }),
      context,
      params: {},
    })) as Response;
    expect(reopened.status).toBe(302);
    expect((await listPointsOfSale(shop.ctx)).map((p) => p.id)).toContain(tetovoId);
    expect(await pricesPage(shop.username)).toEqual([]);
    // A closed point of a store already at the limit stays closed, with the message why.
    const full = await createTestStore(database);
    const closed = await createPointOfSale(full.ctx, { name: "Стара", address: testAddress(), phone: null });
    await closePointOfSale(full.ctx, closed.id);
    await database.db.insert(pointOfSale).values(
      Array.from({ length: MAX_POINTS_OF_SALE - 1 }, (_, n) => ({
        storeId: full.storeId,
        slug: `shop-${n}`,
        name: `Shop ${n}`,
      })),
    );
    const refused = (await call(listRoute.action, {
      request: post(url, { intent: "reopen", pointOfSaleId: closed.id }),
      context: signedIn(full.userId),
      params: {},
    })) as { data: { errors: { form: string } } };
    expect(refused.data.errors.form).toBe("errors:pointOfSaleLimit");
    expect((await listPointsOfSale(full.ctx)).map((p) => p.id)).not.toContain(closed.id);
  });
});
