import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { productReport } from "~/db/schema/compliance";
import { store as storeTable } from "~/db/schema/stores";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { buildSitemap } from "~/features/feeds/sitemap.server";
import { archivePriceList } from "~/features/feeds/snapshot.server";
import { submitReport } from "~/features/reports/report.server";
import * as pdfRoute from "~/routes/feeds/price-list-pdf";
import * as archiveRoute from "~/routes/feeds/prices-archive";
import * as csvRoute from "~/routes/feeds/prices-csv";
import * as jsonRoute from "~/routes/feeds/prices-json";
import * as pricesPageRoute from "~/routes/feeds/prices-page";
import * as storePageRoute from "~/routes/store/store-page";
import { get, startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";

// A store still in onboarding answered 404 on /{username}, but its prices.csv,
// prices.json, price-list.pdf, /prices page, dated archive and the sitemap published it, and visitors
// could report its products. Every public path now asks one rule (public-store.server.ts).

vi.mock("~/mail/mailer.server", () => ({ sendMail: async () => {} }));

let database: Database;
beforeAll(async () => {
  database = await startRouteDatabase();
});
afterAll(async () => {
  await closeDatabase();
});

const DAY = "2026-11-20";

/** A store with one product and a dated archive, then put in the state under test. */
async function storeThatIs(state: "public" | "in onboarding" | "inactive") {
  const shop = await createTestStore(database);
  const product = await createProduct(shop.ctx, productInput({ name: "Леб", price: "40" }));
  const [row] = await database.db.select().from(storeTable).where(eq(storeTable.id, shop.storeId));
  await archivePriceList(database.db, row!, "day_end", new Date(`${DAY}T22:56:00Z`));
  if (state === "in onboarding")
    await database.db.update(storeTable).set({ onboardingStep: 3 }).where(eq(storeTable.id, shop.storeId));
  if (state === "inactive")
    await database.db.update(storeTable).set({ active: false }).where(eq(storeTable.id, shop.storeId));
  return { ...shop, productId: product.id };
}

type Loader = (args: never) => Promise<unknown>;
const load = (loader: Loader, url: string, params: Record<string, string>) =>
  statusOf(() => loader({ request: get(url), params, context: new RouterContextProvider() } as never));

/** The status of each public file of a store. */
async function fileStatuses(username: string) {
  return {
    csv: await load(csvRoute.loader, `/${username}/prices.csv`, { username }),
    json: await load(jsonRoute.loader, `/${username}/prices.json`, { username }),
    pdf: await load(pdfRoute.loader, `/${username}/price-list.pdf`, { username }),
    prices: await load(pricesPageRoute.loader, `/${username}/prices`, { username }),
    archive: await load(archiveRoute.loader, `/${username}/prices/${DAY}.csv`, {
      username,
      file: `${DAY}.csv`,
    }),
  };
}

const report = (username: string, productId: string) =>
  submitReport(database.db, {
    username,
    visitor: `visitor-${Math.random()}`,
    report: { productId, reasons: ["price"], description: "", website: "" },
    now: new Date(),
  });

const allFound = { csv: 200, json: 200, pdf: 200, prices: 200, archive: 200 };
const noneFound = { csv: 404, json: 404, pdf: 404, prices: 404, archive: 404 };

describe("what the public sees of a store", () => {
  it("a public store: its page, every file, the sitemap and reports", async () => {
    const shop = await storeThatIs("public");
    expect(await load(storePageRoute.loader, `/${shop.username}`, { username: shop.username })).toBe(200);
    expect(await fileStatuses(shop.username)).toEqual(allFound);
    expect(await buildSitemap(database.db, "https://vitrina.mk")).toContain(`/${shop.username}<`);
    expect(await report(shop.username, shop.productId)).toEqual({ stored: true });
  });

  it("a store still in onboarding: nothing at all, as if it did not exist", async () => {
    const shop = await storeThatIs("in onboarding");
    expect(await load(storePageRoute.loader, `/${shop.username}`, { username: shop.username })).toBe(404);
    expect(await fileStatuses(shop.username)).toEqual(noneFound);
    expect(await buildSitemap(database.db, "https://vitrina.mk")).not.toContain(`/${shop.username}<`);
    await expect(report(shop.username, shop.productId)).rejects.toMatchObject({ code: "notFound" });
    expect(
      await database.db.select().from(productReport).where(eq(productReport.storeId, shop.storeId)),
    ).toEqual([]);
  });

  it("an inactive store: its page shows the notice without products; no file, no sitemap entry, no reports", async () => {
    const shop = await storeThatIs("inactive");
    const page = (await storePageRoute.loader({
      request: get(`/${shop.username}`),
      params: { username: shop.username },
      context: new RouterContextProvider(),
    } as never)) as { data: { store: { active: boolean }; products: unknown[]; total: number } };
    expect(page.data.store.active).toBe(false);
    expect(page.data.products).toEqual([]);
    expect(page.data.total).toBe(0);
    expect(await fileStatuses(shop.username)).toEqual(noneFound);
    expect(await buildSitemap(database.db, "https://vitrina.mk")).not.toContain(`/${shop.username}<`);
    await expect(report(shop.username, shop.productId)).rejects.toMatchObject({ code: "notFound" });
  });
});
