import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { store as storeTable } from "~/db/schema/stores";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { archivePriceList } from "~/features/feeds/snapshot.server";
import { closePointOfSale, createPointOfSale } from "~/features/points-of-sale/point-of-sale.server";
import { testAddress } from "~/features/points-of-sale/points-of-sale.test-support";
import { sealArchivedDays } from "~/features/seals/seal.server";
import { getSealKeys } from "~/features/seals/seal-keys.server";
import { storeVersions } from "~/features/storefront/public-caches.server";
import {
  reactRouterDocuments,
  TEST_NONCE,
  withoutRouterMarkers,
} from "~/features/storefront/public-document.test-support";
import type { Locale } from "~/i18n/config";
import { getConfig } from "~/lib/config.server";
import { startRouteDatabase } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as pricesPage from "../../routes/feeds/prices-page";
import * as sealedDay from "../../routes/feeds/sealed-day";
import { renderPricesPageDocument } from "./prices-page-document.server";

// Decision 0147: a visitor's /{username}/prices is rendered without React Router's document pipeline.
// The published document must be the page React Router renders for the same request (root layout,
// loader, meta, entry.server), but for the empty Suspense boundary React Router adds of its own.
// And a sealed day's page (decision 0140), still React Router's, names how long it may be kept.

vi.mock("../../app.css?url", () => ({ default: "/assets/app.css" }));

const reactRouter = reactRouterDocuments([
  { id: "routes/feeds/prices-page", path: ":username/prices", module: pricesPage },
  { id: "routes/feeds/sealed-day", path: ":username/prices/day/:day", module: sealedDay },
  {
    id: "routes/feeds/point-of-sale-sealed-day",
    path: ":username/:pointOfSale/prices/day/:day",
    module: sealedDay,
  },
]);

function published(path: string, locale: Locale) {
  const url = new URL(path, "http://localhost");
  return renderPricesPageDocument({
    url,
    username: url.pathname.split("/")[1]!,
    locale,
    nonce: TEST_NONCE,
    script: true,
  });
}

let database: Database;
let username: string;
let other: string;
let inactive: string;

async function archiveDay(storeId: string, day: string) {
  const [row] = await database.db.select().from(storeTable).where(eq(storeTable.id, storeId));
  await archivePriceList(database.db, row!, "day_end", new Date(`${day}T21:55:00Z`));
}

beforeAll(async () => {
  database = await startRouteDatabase();
  await storeVersions.start(database);
  const shop = await createTestStore(database, { address: testAddress("Skopje", "Скопје") });
  username = shop.username;
  await createPointOfSale(shop.ctx, { name: "Тетово", address: testAddress(), phone: null });
  const bitola = await createPointOfSale(shop.ctx, { name: "Битола", address: testAddress(), phone: null });
  await createProduct(shop.ctx, productInput({ name: "Млеко", price: "80" }));
  await archiveDay(shop.storeId, "2026-11-18");
  await archiveDay(shop.storeId, "2026-11-19");
  await closePointOfSale(shop.ctx, bitola.id);
  const second = await createTestStore(database);
  other = second.username;
  await createPointOfSale(second.ctx, { name: "Охрид", address: testAddress(), phone: null });
  await createPointOfSale(second.ctx, { name: "Струга", address: testAddress(), phone: null });
  await createProduct(second.ctx, productInput({ name: "Леб", price: "40" }));
  await archiveDay(second.storeId, "2026-11-17");
  // Sealed up to 2026-11-18: the 19th is archived but not sealed yet.
  await sealArchivedDays(database.db, getSealKeys(), new Date("2026-11-19T09:00:00Z"), "2026-11-18");
  inactive = (await createTestStore(database, { active: false })).username;
});
afterAll(async () => {
  await storeVersions.stop();
  await closeDatabase();
});

describe("the files page as a published document", () => {
  it("is the document React Router renders for the same view, in mk, en and sq", async () => {
    for (const locale of ["mk", "en", "sq"] as const) {
      for (const path of [`/${username}/prices`, `/${other}/prices`, `/${username}/prices?lang=sq`]) {
        const expected = await reactRouter(path, locale);
        expect([path, locale, expected.status]).toEqual([path, locale, 200]);
        expect(await published(path, locale)).toBe(withoutRouterMarkers(expected.html));
      }
    }
  });

  it("keeps its head and links only the store's own days, points of sale and seals", async () => {
    const html = (await published(`/${username}/prices`, "sq"))!;
    expect(html).toContain('<html lang="sq" data-messages="public">');
    expect(html).toContain(`<link rel="canonical" href="${getConfig().baseUrl}/${username}/prices"/>`);
    expect(html).toContain(`/${username}/prices/2026-11-19.csv`);
    // The 18th has a seal and its day's page; the 19th, not sealed yet, neither.
    expect(html).toContain(`/${username}/prices/day/2026-11-18`);
    expect(html).not.toContain(`/${username}/prices/day/2026-11-19`);
    expect(html).toContain(`/${username}/tetovo`);
    expect(html).toContain(`/${username}/bitola/prices/`);
    // The second store's day, points of sale and address never appear on the first's page.
    for (const theirs of ["2026-11-17", "ohrid", "struga", other]) expect(html).not.toContain(theirs);
    expect(html).not.toMatch(/type="module"|modulepreload|__reactRouter/);
  });

  it("is null for an unknown store and for one the public may not see, so React Router answers its 404", async () => {
    for (const name of ["no-such-store", inactive]) {
      expect(await published(`/${name}/prices`, "mk")).toBeNull();
      expect((await reactRouter(`/${name}/prices`, "mk")).status).toBe(404);
    }
  });
});

describe("a sealed day's page", () => {
  it("may be kept a day, per language, and its 404 is not kept", async () => {
    const day = await reactRouter(`/${username}/prices/day/2026-11-18`, "mk");
    expect(day.status).toBe(200);
    expect(day.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(day.headers.get("vary")).toBe("Cookie");
    for (const path of [
      `/${username}/prices/day/2026-11-19`, // archived, not sealed yet: sealed tonight
      `/${username}/prices/day/2026-13-01`,
      `/${inactive}/prices/day/2026-11-18`,
      `/${username}/no-such-point/prices/day/2026-11-18`,
    ]) {
      const missing = await reactRouter(path, "mk");
      // No freshness at all: a browser asks again (and a front cache keeps it one second, decision 0135).
      expect([path, missing.status, missing.headers.get("cache-control")]).toEqual([path, 404, null]);
    }
  });
});
