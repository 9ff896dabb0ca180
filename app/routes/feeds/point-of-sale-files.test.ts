import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { store as storeTable } from "~/db/schema/stores";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { answerToday } from "~/features/confirmation/confirmation.server";
import { archivePriceList } from "~/features/feeds/snapshot.server";
import { excludeProduct, setOverride } from "~/features/points-of-sale/overrides.server";
import { createPointOfSale } from "~/features/points-of-sale/point-of-sale.server";
import { testAddress } from "~/features/points-of-sale/points-of-sale.test-support";
import { get, startRouteDatabase } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import { loader as pageLoader } from "../store/point-of-sale-page";
import { loader as pdfLoader } from "./point-of-sale-price-list-pdf";
import { loader as archiveLoader } from "./point-of-sale-prices-archive";
import { loader as csvLoader } from "./point-of-sale-prices-csv";
import { loader as jsonLoader } from "./point-of-sale-prices-json";
import { loader as storeJsonLoader } from "./prices-json";
import { loader as pricesPageLoader } from "./prices-page";

// Each point of sale's list at /{username}/{slug} with its CSV, JSON, dated archive and
// PDF; the store's own files unchanged; the store's one confirmation on every list.

let database: Database;
let username: string;
let otherUsername: string;
const CONFIRMED = new Date();

type Loader = (args: never) => Promise<unknown>;
const call = async (loader: Loader, url: string, params: Record<string, string>) => {
  try {
    return (await loader({ request: get(url), params, context: {} } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Error) throw thrown;
    const status = (thrown as Response).status ?? (thrown as { init?: { status: number } }).init?.status;
    return { status } as Response;
  }
};

beforeAll(async () => {
  database = await startRouteDatabase();
  const shop = await createTestStore(database, { address: testAddress("Skopje", "Скопје") });
  username = shop.username;
  const tetovo = await createPointOfSale(shop.ctx, { name: "Тетово", address: testAddress(), phone: null });
  const milk = await createProduct(shop.ctx, productInput({ name: "Млеко", price: "80" }));
  const cheese = await createProduct(shop.ctx, productInput({ name: "Сирење", price: "300" }));
  await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 8_990 });
  await excludeProduct(shop.ctx, tetovo.id, cheese.id);
  await answerToday(shop.ctx, { answer: "yes" }, CONFIRMED);
  const [row] = await database.db.select().from(storeTable).where(eq(storeTable.id, shop.storeId));
  await archivePriceList(database.db, row!, "day_end", new Date("2026-11-20T22:00:00Z"));
  const other = await createTestStore(database);
  otherUsername = other.username;
  await createPointOfSale(other.ctx, {
    name: "Друго",
    address: testAddress("Bitola", "Битола"),
    phone: null,
  });
});
afterAll(async () => {
  await closeDatabase();
});

describe("a point of sale's files", () => {
  it("the JSON and CSV show its own price, leave out what it does not sell, and carry the store's stamp", async () => {
    const json = await (
      await call(jsonLoader, `/${username}/tetovo/prices.json`, { username, pointOfSale: "tetovo" })
    ).json();
    expect(json.pointOfSale).toMatchObject({ slug: "tetovo", name: "Тетово" });
    expect(json.products.map((p: { name: string; price: string }) => [p.name, p.price])).toEqual([
      ["Млеко", "89.90"],
    ]);
    expect(json.confirmedAt).toBe(CONFIRMED.toISOString());
    const csv = await (
      await call(csvLoader, `/${username}/tetovo/prices.csv`, { username, pointOfSale: "tetovo" })
    ).text();
    expect(csv).toContain("89.90");
    expect(csv).not.toContain("Сирење");
    // The store's own list is the store-wide one, as before.
    const store = await (await call(storeJsonLoader, `/${username}/prices.json`, { username })).json();
    expect(store.pointOfSale).toBeUndefined();
    expect(store.products.map((p: { name: string; price: string }) => [p.name, p.price])).toEqual([
      ["Млеко", "80.00"],
      ["Сирење", "300.00"],
    ]);
  });

  it("the dated archive keeps the point's list of that day", async () => {
    const file = "2026-11-20.json";
    const response = await call(archiveLoader, `/${username}/tetovo/prices/${file}`, {
      username,
      pointOfSale: "tetovo",
      file,
    });
    const json = await response.json();
    expect(json.products.map((p: { price: string }) => p.price)).toEqual(["89.90"]);
  });

  it("the PDF names the point of sale and shows its price and the stamp", async () => {
    const response = await call(pdfLoader, `/${username}/tetovo/price-list.pdf`, {
      username,
      pointOfSale: "tetovo",
    });
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const dir = mkdtempSync(path.join(os.tmpdir(), "pos-pdf-"));
    const file = path.join(dir, "list.pdf");
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain("Тетово");
    expect(text).toContain("89,90");
    expect(text).not.toContain("Сирење");
    expect(text).toMatch(/потврд/i);
  });

  it("the page lists its products at its prices", async () => {
    const answer = (await call(pageLoader, `/${username}/tetovo`, {
      username,
      pointOfSale: "tetovo",
    })) as unknown as {
      data: { point: { name: string }; products: { name: string; priceCents: number }[]; stamp: unknown };
    };
    expect(answer.data.point.name).toBe("Тетово");
    expect(answer.data.products.map((p) => [p.name, p.priceCents])).toEqual([["Млеко", 8_990]]);
    expect(answer.data.stamp).not.toBeNull();
  });

  it("/{username}/prices lists every point of sale's files", async () => {
    const answer = (await call(pricesPageLoader, `/${username}/prices`, { username })) as unknown as {
      pointsOfSale: { slug: string }[];
    };
    expect(answer.pointsOfSale.map((p) => p.slug)).toEqual(["skopje", "tetovo"]);
  });

  it("junk slugs, encoded slashes, another store's slug and huge slugs answer 404", async () => {
    const slugs = [
      "nope",
      "tetovo%2F..",
      "..%2Ftetovo",
      "tetovo/",
      "TETOVO",
      "drugo",
      "x".repeat(3000),
      "prices",
    ];
    for (const slug of slugs) {
      for (const [loader, suffix] of [
        [jsonLoader, "/prices.json"],
        [csvLoader, "/prices.csv"],
        [pdfLoader, "/price-list.pdf"],
        [pageLoader, ""],
      ] as const) {
        const response = await call(loader as Loader, `/${username}/${slug}${suffix}`, {
          username,
          pointOfSale: slug,
        });
        expect([slug.slice(0, 20), suffix, response.status]).toEqual([slug.slice(0, 20), suffix, 404]);
      }
    }
    // Their point of sale under my store's name, and mine under theirs.
    expect((await call(jsonLoader, "", { username: otherUsername, pointOfSale: "tetovo" })).status).toBe(404);
    expect((await call(jsonLoader, "", { username: otherUsername, pointOfSale: "drugo" })).status).toBe(200);
  });
});
