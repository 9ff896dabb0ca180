import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { product } from "~/db/schema/catalog";
import { databaseForThisFile } from "../../../tests/support/test-db";
import { apiClient, createApiStore } from "./api.test-support";

// A write_prices token may change prices only (decision 0122: a scope is a field allow-list in the
// product writer). Found from outside: a price update that carried a barcode stored it, left two
// products with one barcode, and a single PUT then answered 409 pointing into a batch it never sent;
// and the answers carried whole product records the token's scope cannot read.

const database = databaseForThisFile();
let api: ReturnType<typeof apiClient>;
let shop: Awaited<ReturnType<typeof createApiStore>>;
let prices: string;
let products: string;

function ean(n: number): string {
  const body = `531${String(n).padStart(9, "0")}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const stored = async (externalId: string) =>
  (
    await database.db
      .select()
      .from(product)
      .where(and(eq(product.storeId, shop.storeId), eq(product.externalId, externalId)))
  )[0]!;

beforeAll(async () => {
  api = apiClient(database);
  shop = await createApiStore(database);
  prices = await shop.tokenOf(["write_prices"], "POS prices");
  products = await shop.tokenOf(["read", "write_products"], "ERP");
  const seeded = await api("POST", "/products/batch", {
    token: products,
    body: {
      items: [
        { externalId: "ART-1", barcode: ean(1), name: "Млеко", priceCents: 6500 },
        { externalId: "ART-2", barcode: ean(2), name: "Леб", priceCents: 3000 },
      ],
    },
  });
  expect(seeded.status).toBe(200);
});

describe("a write_prices token", () => {
  it("is refused, naming the field, when an item carries anything but its key and prices", async () => {
    const barcode = await api("POST", "/prices/batch", {
      token: prices,
      body: { items: [{ externalId: "ART-1", barcode: ean(2), priceCents: 7000 }] },
    });
    expect(barcode.status).toBe(400);
    expect(barcode.body.errors).toEqual([{ pointer: "#/items/0/barcode", detail: expect.any(String) }]);
    const name = await api("POST", "/prices/batch", {
      token: prices,
      body: {
        items: [
          { barcode: ean(2), priceCents: 1 },
          { barcode: ean(1), name: "Друго", priceCents: 7000 },
        ],
      },
    });
    expect(name.status).toBe(400);
    expect(name.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(["#/items/1/name"]);
    // Nothing was written: no barcode moved, no two products share one, no price changed.
    const milk = await stored("ART-1");
    expect([milk.barcode, milk.name, milk.priceCents]).toEqual([ean(1), "Млеко", 6500]);
    expect((await stored("ART-2")).priceCents).toBe(3000);
    const withBarcode2 = await database.db
      .select()
      .from(product)
      .where(and(eq(product.storeId, shop.storeId), eq(product.barcode, ean(2))));
    expect(withBarcode2).toHaveLength(1);
    // And the single PUT by that barcode still finds its one product.
    const put = await api("PUT", `/prices/by-barcode/${ean(2)}`, {
      token: prices,
      body: { priceCents: 3100 },
    });
    expect(put.status).toBe(200);
    expect((await stored("ART-2")).priceCents).toBe(3100);
  });

  it("answers the keys it matched and the prices it wrote, not the products' records", async () => {
    const batch = await api("POST", "/prices/batch", {
      token: prices,
      body: {
        items: [
          { externalId: "ART-1", priceCents: 6900, regularPriceCents: 7500 },
          { barcode: ean(2), priceCents: 3100 },
        ],
      },
    });
    expect(batch.status).toBe(200);
    expect(batch.body).toEqual({
      counts: { created: 0, updated: 1, unchanged: 1 },
      items: [
        { outcome: "updated", externalId: "ART-1", priceCents: 6900, regularPriceCents: 7500 },
        { outcome: "unchanged", barcode: ean(2), priceCents: 3100, regularPriceCents: null },
      ],
    });
    const single = await api("PUT", "/prices/by-external-id/ART-1", {
      token: prices,
      body: { priceCents: 7000, regularPriceCents: 7500 },
    });
    expect(single.status).toBe(200);
    expect(single.body).toEqual({
      outcome: "updated",
      externalId: "ART-1",
      priceCents: 7000,
      regularPriceCents: 7500,
    });
  });

  it("answers a single PUT's problems at its path and body, not at an item of a batch", async () => {
    // Two products with one barcode (a products token may do that: they have different external ids).
    const twins = await api("POST", "/products/batch", {
      token: products,
      body: {
        items: [
          { externalId: "ART-3", barcode: ean(3), name: "Сок", priceCents: 9000 },
          { externalId: "ART-4", barcode: ean(3), name: "Сок 2", priceCents: 9500 },
        ],
      },
    });
    expect(twins.status).toBe(200);
    const ambiguous = await api("PUT", `/prices/by-barcode/${ean(3)}`, {
      token: prices,
      body: { priceCents: 100 },
    });
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body.errors).toEqual([
      { pointer: "#path/barcode", detail: "several products have this barcode" },
    ]);
    const below = await api("PUT", "/prices/by-external-id/ART-3", {
      token: prices,
      body: { priceCents: 9000, regularPriceCents: 8000 },
    });
    expect(below.status).toBe(400);
    expect(below.body.errors).toEqual([
      { pointer: "#/regularPriceCents", detail: "must not be below priceCents" },
    ]);
    const unknown = await api("PUT", "/prices/by-external-id/NOPE", {
      token: prices,
      body: { priceCents: 1 },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toEqual([{ pointer: "#path/externalId", detail: "no such product" }]);
    expect((await stored("ART-3")).priceCents).toBe(9000);
  });
});
