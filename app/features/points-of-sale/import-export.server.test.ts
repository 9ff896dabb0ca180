import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { priceHistory } from "~/db/schema/activity";
import { createProduct, updateProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { exportFields, hasPointOfSaleRows, openExport } from "~/features/export/product-export.server";
import { productCsvStream } from "~/features/export/product-export-csv.server";
import { detectMapping } from "~/features/import/columns";
import { planImport } from "~/features/import/commit.server";
import { importFileInto } from "~/features/import/import-file.test-support";
import { readImportFile } from "~/features/import/read-file.server";
import { toImportRows } from "~/features/import/rows";
import type { StoreContext } from "~/lib/service-context";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { excludeProduct, listPointOfSaleOverrides, setOverride } from "./overrides.server";
import { listPointsOfSale } from "./point-of-sale.server";
import { getPointOfSalePriceList } from "./point-of-sale-prices.server";
import { storeWithTetovo } from "./points-of-sale.test-support";

// The import takes an optional point-of-sale column (name or slug): such a row sets that
// point's own price, not the store's; the export writes the column, and reads back unchanged.

const database = databaseForThisFile();

const importCsv = (ctx: StoreContext, csv: string) => importFileInto(ctx, new TextEncoder().encode(csv));

/** What the wizard's preview shows of a file: the plan's counts. */
async function previewCsv(storeId: string, csv: string) {
  const sheet = await readImportFile(new TextEncoder().encode(csv), "products.csv");
  const { rows } = toImportRows(sheet.rows, detectMapping(sheet.headers));
  return planImport(database.db, storeId, rows);
}

describe("import with a point-of-sale column", () => {
  it("a row with a point of sale (slug or name) sets its own price; the store's price stays", async () => {
    const { shop, tetovo } = await storeWithTetovo(database);
    const csv = [
      "Назив;Продажна цена;Баркод;Продажно место",
      'Млеко;"80,00";5310000000014;',
      'Млеко;"85,50";5310000000014;tetovo',
      'Леб;"40,00";;',
      'Леб;"42,00";;Тетово центар',
      'Леб;"1,00";;Куманово',
      'Сирење;"300,00";;tetovo',
    ].join("\r\n");
    const result = await importCsv(shop.ctx, csv);
    expect(result.counts).toMatchObject({ added: 2, pointOfSalePrices: 2, skipped: 2 });
    expect(result.skipped.map((s) => s.reason).sort()).toEqual([
      "pointOfSaleProductUnknown",
      "pointOfSaleUnknown",
    ]);
    const there = await getPointOfSalePriceList(shop.ctx, tetovo.id);
    expect(Object.fromEntries(there.products.map((p) => [p.name, p.priceCents]))).toEqual({
      Леб: 4_200,
      Млеко: 8_550,
    });
    const [main] = await listPointsOfSale(shop.ctx);
    const here = await getPointOfSalePriceList(shop.ctx, main!.id);
    expect(Object.fromEntries(here.products.map((p) => [p.name, p.priceCents]))).toEqual({
      Леб: 4_000,
      Млеко: 8_000,
    });
  });

  it("another store's point-of-sale slug is unknown here", async () => {
    const mine = await createTestStore(database);
    const { shop: theirs } = await storeWithTetovo(database);
    await createProduct(theirs.ctx, productInput({ name: "Млеко", price: "80" }));
    await createProduct(mine.ctx, productInput({ name: "Млеко", price: "80" }));
    const result = await importCsv(mine.ctx, 'Назив;Продажна цена;Продажно место\r\nМлеко;"1,00";tetovo');
    expect(result.skipped.map((s) => s.reason)).toEqual(["pointOfSaleUnknown"]);
    const [theirPoint] = (await listPointsOfSale(theirs.ctx)).filter((p) => p.slug === "tetovo");
    expect(await listPointOfSaleOverrides(theirs.ctx, theirPoint!.id)).toEqual([]);
  });
});

describe("a point's own price equal to the store's", () => {
  const pricesAt = async (ctx: StoreContext, pointId: string) =>
    Object.fromEntries(
      (await getPointOfSalePriceList(ctx, pointId)).products.map((p) => [p.name, p.priceCents]),
    );

  it("imported, it stays the point's own price when the store's price changes later", async () => {
    const { shop, tetovo } = await storeWithTetovo(database);
    const milk = await createProduct(shop.ctx, productInput({ name: "Млеко", price: "80" }));
    const result = await importCsv(
      shop.ctx,
      ["Назив;Продажна цена;Продажно место", 'Млеко;"80,00";tetovo'].join("\r\n"),
    );
    expect(result.counts).toMatchObject({ pointOfSalePrices: 1 });
    const [own] = await listPointOfSaleOverrides(shop.ctx, tetovo.id);
    expect(own).toMatchObject({ productId: milk.id, priceCents: 8_000 });
    await updateProduct(shop.ctx, milk.id, productInput({ name: "Млеко", price: "95" }));
    expect(await pricesAt(shop.ctx, tetovo.id)).toEqual({ Млеко: 8_000 });
  });

  it("set in the dashboard, it goes through export → import unchanged; an empty price follows the store", async () => {
    const { shop, tetovo } = await storeWithTetovo(database);
    const milk = await createProduct(shop.ctx, productInput({ name: "Млеко", price: "80" }));
    const bread = await createProduct(shop.ctx, productInput({ name: "Леб", price: "40" }));
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 8_000 });
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: bread.id, availability: "on_order" });
    const csv = new TextDecoder().decode(
      new Uint8Array(
        await new Response(
          productCsvStream(await openExport(shop.ctx), "mk", exportFields(false, true)),
        ).arrayBuffer(),
      ),
    );
    const lines = csv.split("\r\n");
    expect(lines.find((line) => line.startsWith("Млеко;") && line.endsWith(";tetovo"))).toMatch(
      /^Млеко;"80,00";/,
    );
    // The point follows the store's price of bread: its row leaves the price empty.
    expect(lines.find((line) => line.startsWith("Леб;") && line.endsWith(";tetovo"))).toMatch(/^Леб;;/);
    expect((await previewCsv(shop.storeId, csv)).counts).toEqual({
      added: 0,
      updated: 0,
      unchanged: 2,
      skipped: 0,
    });
    await importCsv(shop.ctx, csv);
    await updateProduct(shop.ctx, milk.id, productInput({ name: "Млеко", price: "95" }));
    await updateProduct(shop.ctx, bread.id, productInput({ name: "Леб", price: "45" }));
    expect(await pricesAt(shop.ctx, tetovo.id)).toEqual({ Млеко: 8_000, Леб: 4_500 });
  });
});

describe("export with the point-of-sale column", () => {
  it("writes each point's own price after the product, and the file reads back to the same overrides", async () => {
    const { shop, tetovo } = await storeWithTetovo(database);
    const milk = await createProduct(shop.ctx, productInput({ name: "Млеко", price: "80" }));
    const bread = await createProduct(shop.ctx, productInput({ name: "Леб", price: "40" }));
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 8_990 });
    await setOverride(shop.ctx, {
      pointOfSaleId: tetovo.id,
      productId: bread.id,
      availability: "out_of_stock",
    });
    expect(await hasPointOfSaleRows(shop.ctx)).toBe(true);
    const fields = exportFields(false, true);
    const csv = new TextDecoder().decode(
      new Uint8Array(
        await new Response(productCsvStream(await openExport(shop.ctx), "mk", fields)).arrayBuffer(),
      ),
    );
    const lines = csv
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines[0]!.endsWith(";Продажно место")).toBe(true);
    expect(lines.filter((line) => line.endsWith(";tetovo"))).toHaveLength(2);
    expect(lines.find((line) => line.startsWith("Млеко") && line.endsWith(";tetovo"))).toContain('"89,90"');
    const before = await listPointOfSaleOverrides(shop.ctx, tetovo.id);
    // The preview of the round trip shows no point-of-sale price change: nothing changes.
    expect((await previewCsv(shop.storeId, csv)).counts).toEqual({
      added: 0,
      updated: 0,
      unchanged: 2,
      skipped: 0,
    });
    const result = await importCsv(shop.ctx, csv);
    expect(result.counts).toEqual({ added: 0, updated: 0, unchanged: 2, skipped: 0 });
    const after = await listPointOfSaleOverrides(shop.ctx, tetovo.id);
    const key = (rows: typeof before) =>
      rows.map((r) => [r.productId, r.priceCents, r.availability, r.excluded]).sort();
    expect(key(after)).toEqual(key(before));
  });

  it("the preview counts only the point-of-sale rows that change something", async () => {
    const { shop, tetovo } = await storeWithTetovo(database);
    const milk = await createProduct(shop.ctx, productInput({ name: "Млеко", price: "80" }));
    const bread = await createProduct(shop.ctx, productInput({ name: "Леб", price: "40" }));
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 8_990 });
    await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: bread.id, priceCents: 4_500 });
    const csv = [
      "Назив;Продажна цена;Продажно место",
      'Млеко;"80,00";',
      'Леб;"40,00";',
      'Млеко;"89,90";tetovo',
      'Леб;"46,00";tetovo',
    ].join("\r\n");
    expect((await previewCsv(shop.storeId, csv)).counts).toMatchObject({
      unchanged: 2,
      pointOfSalePrices: 1,
    });
    const result = await importCsv(shop.ctx, csv);
    expect(result.counts).toMatchObject({ unchanged: 2, pointOfSalePrices: 1 });
    const history = await database.db
      .select({ productId: priceHistory.productId, newPriceCents: priceHistory.newPriceCents })
      .from(priceHistory)
      .where(and(eq(priceHistory.storeId, shop.storeId), eq(priceHistory.source, "import")));
    expect(history).toEqual([{ productId: bread.id, newPriceCents: 4_600 }]);
  });

  it("a store with no point-of-sale rows exports the columns as before; an exclusion alone adds the column", async () => {
    const { shop, tetovo } = await storeWithTetovo(database);
    const milk = await createProduct(shop.ctx, productInput({ name: "Млеко", price: "80" }));
    expect(await hasPointOfSaleRows(shop.ctx)).toBe(false);
    expect(exportFields(false, false)).not.toContain("pointOfSale");
    // The export writes the exclusion as the point's row (point-of-sale-exclusions.server.test.ts).
    await excludeProduct(shop.ctx, tetovo.id, milk.id);
    expect(await hasPointOfSaleRows(shop.ctx)).toBe(true);
  });
});
