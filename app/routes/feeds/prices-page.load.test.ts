import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { store } from "~/db/schema/stores";
import { archivePriceList } from "~/features/feeds/snapshot.server";
import { closePointOfSale, createPointOfSale } from "~/features/points-of-sale/point-of-sale.server";
import { testAddress } from "~/features/points-of-sale/points-of-sale.test-support";
import { storeVersions } from "~/features/storefront/public-caches.server";
import { skopjeDay } from "~/lib/calendar";
import { settle } from "../../../tests/support/listening-db";
import { get, startRouteDatabase } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as pricesPageRoute from "./prices-page";

// Decision 0108: on PostgreSQL most of the soak's errors were /{username}/prices,
// four queries per request queued behind 200 visitors on a pool of 10. Between two changes of the
// store it is answered from memory like the feeds and the PDF; any change it shows moves the
// store's version and is shown on the next request.

// While `noQueries` is on, the public database the loader is given throws on any use.
let noQueries = false;
const queried = new Proxy({} as Db, {
  get() {
    throw new Error("the public database was queried");
  },
});
vi.mock("~/db/db.server", async (original) => {
  const actual = await original<typeof import("~/db/db.server")>();
  return { ...actual, getPublicDb: () => (noQueries ? queried : actual.getPublicDb()) };
});

type PricesPage = {
  days: string[];
  pointsOfSale: { slug: string; name: string }[];
  closedPointsOfSale: { slug: string; closedOn: string }[];
};

let database: Database;
beforeAll(async () => {
  database = await startRouteDatabase();
  // The store-version listener the server starts (server/app.ts): the public caches trust it.
  await storeVersions.start(database);
});
afterAll(async () => {
  await storeVersions.stop();
  await closeDatabase();
});

async function pricesPage(username: string, options: { withoutQueries?: boolean } = {}) {
  noQueries = options.withoutQueries ?? false;
  try {
    return (await (pricesPageRoute.loader as (args: unknown) => Promise<unknown>)({
      request: get(`/${username}/prices`),
      context: undefined,
      params: { username },
    })) as PricesPage;
  } finally {
    noQueries = false;
  }
}

describe("/{username}/prices under load", () => {
  it("is answered without a query while the store's version is current", async () => {
    const shop = await createTestStore(database, { address: testAddress("Skopje", "Скопје") });
    await createPointOfSale(shop.ctx, { name: "Тетово", address: testAddress(), phone: null });
    await settle();
    const warm = await pricesPage(shop.username);
    expect(warm.pointsOfSale.map((point) => point.name)).toContain("Тетово");
    const served = await pricesPage(shop.username, { withoutQueries: true });
    expect(served).toEqual(warm);
  });

  it("shows a point of sale opened or closed and a day archived on the next request", async () => {
    const shop = await createTestStore(database, { address: testAddress("Skopje", "Скопје") });
    await pricesPage(shop.username);

    const bitola = await createPointOfSale(shop.ctx, { name: "Битола", address: testAddress(), phone: null });
    await settle();
    const opened = await pricesPage(shop.username);
    expect(opened.pointsOfSale.map((point) => point.name)).toContain("Битола");
    expect(await pricesPage(shop.username, { withoutQueries: true })).toEqual(opened);

    await closePointOfSale(shop.ctx, bitola.id);
    await settle();
    const closed = await pricesPage(shop.username);
    expect(closed.pointsOfSale.map((point) => point.name)).not.toContain("Битола");
    expect(closed.closedPointsOfSale).toEqual([
      { slug: "bitola", name: "Битола", closedOn: skopjeDay(new Date()) },
    ]);

    // The day-end archive of a day the owner did not confirm: a new day in the list.
    const before = closed.days;
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const [row] = await database.db.select().from(store).where(eq(store.id, shop.storeId));
    await archivePriceList(database.db, row!, "day_end", twoDaysAgo);
    await settle();
    const archived = await pricesPage(shop.username);
    expect(archived.days).toEqual([...new Set([...before, skopjeDay(twoDaysAgo)])].sort().reverse());
    expect(archived.days).toContain(skopjeDay(twoDaysAgo));
  });
});
