import { describe, expect, it } from "vitest";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { exportFields, hasPointOfSaleRows, openExport } from "~/features/export/product-export.server";
import { productCsvStream } from "~/features/export/product-export-csv.server";
import { productXlsxStream } from "~/features/export/product-export-xlsx.server";
import {
  excludeProduct,
  listPointOfSaleOverrides,
  setOverride,
} from "~/features/points-of-sale/overrides.server";
import { getPointOfSalePriceList } from "~/features/points-of-sale/point-of-sale-prices.server";
import { storeWithTetovo } from "~/features/points-of-sale/points-of-sale.test-support";
import { getFixedT } from "~/i18n/i18n.server";
import type { MoneyLocale } from "~/lib/money";
import { type createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { importFileInto } from "./import-file.test-support";

// A point of sale can leave a product out (not sold there). The export writes it as the
// point's row with the availability "not sold here", and the import reads that back: export →
// import leaves every override and exclusion as it was.

const database = databaseForThisFile();
type Shop = Awaited<ReturnType<typeof createTestStore>>;

const importFile = (shop: Shop, bytes: Uint8Array, fileName?: string) =>
  importFileInto(shop.ctx, bytes, fileName);

const csvOf = (lines: string[]) => new TextEncoder().encode(lines.join("\r\n"));

async function shopWithTetovo() {
  const { shop, tetovo } = await storeWithTetovo(database);
  const milk = await createProduct(shop.ctx, productInput({ name: "Млеко", price: "80" }));
  const bread = await createProduct(shop.ctx, productInput({ name: "Леб", price: "40" }));
  const cheese = await createProduct(shop.ctx, productInput({ name: "Сирење", price: "300" }));
  await createProduct(shop.ctx, productInput({ name: "Јајца", price: "9" }));
  return { shop, tetovo, milk, bread, cheese };
}

const bytesOf = async (stream: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(stream).arrayBuffer());

const overridesKey = (rows: Awaited<ReturnType<typeof listPointOfSaleOverrides>>) =>
  rows.map((r) => [r.productId, r.priceCents, r.availability, r.excluded]).sort();

describe("exclusions at a point of sale in the export and the import", () => {
  for (const [format, locale] of [
    ["csv", "mk"],
    ["csv", "sq"],
    ["csv", "en"],
    ["xlsx", "mk"],
  ] as [string, MoneyLocale][]) {
    it(`export → import (${format}, ${locale}) leaves overrides and exclusions unchanged`, async () => {
      const { shop, tetovo, milk, bread, cheese } = await shopWithTetovo();
      await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 8_990 });
      await excludeProduct(shop.ctx, tetovo.id, bread.id);
      // Left out, with its own price and availability kept for when it comes back.
      await setOverride(shop.ctx, {
        pointOfSaleId: tetovo.id,
        productId: cheese.id,
        priceCents: 32_000,
        availability: "on_order",
        excluded: true,
      });
      const before = await listPointOfSaleOverrides(shop.ctx, tetovo.id);
      expect(await hasPointOfSaleRows(shop.ctx)).toBe(true);
      const pages = await openExport(shop.ctx);
      const fields = exportFields(false, true);
      const bytes = await bytesOf(
        format === "xlsx"
          ? productXlsxStream(pages, locale, fields)
          : productCsvStream(pages, locale, fields),
      );
      if (format === "csv") {
        const notSold = getFixedT(locale)("import:preview.notSoldHere");
        const lines = new TextDecoder().decode(bytes).split("\r\n");
        expect(lines.filter((line) => line.includes(notSold)).map((line) => line.split(/[;,]/)[0])).toEqual([
          "Леб",
          "Сирење",
        ]);
      }
      const result = await importFile(shop, bytes, `products.${format}`);
      // Nothing changed: no point-of-sale price is counted.
      expect(result.counts).toEqual({ added: 0, updated: 0, unchanged: 4, skipped: 0 });
      expect(overridesKey(await listPointOfSaleOverrides(shop.ctx, tetovo.id))).toEqual(overridesKey(before));
    });
  }

  it("a point of sale's row with 'not sold here' leaves the product out there; a row with an availability brings it back", async () => {
    const { shop, tetovo } = await shopWithTetovo();
    const names = async () =>
      (await getPointOfSalePriceList(shop.ctx, tetovo.id)).products.map((p) => p.name).sort();
    expect(await names()).toEqual(["Јајца", "Леб", "Млеко", "Сирење"]);
    const out = await importFile(
      shop,
      csvOf(["Назив;Продажна цена;Достапност;Продажно место", "Леб;40,00;Не се продава тука;tetovo"]),
    );
    expect(out.counts).toMatchObject({ pointOfSalePrices: 1, skipped: 0 });
    expect(await names()).toEqual(["Јајца", "Млеко", "Сирење"]);
    await importFile(
      shop,
      csvOf(["Назив;Продажна цена;Достапност;Продажно место", "Леб;40,00;На залиха;Тетово Центар"]),
    );
    expect(await names()).toEqual(["Јајца", "Леб", "Млеко", "Сирење"]);
  });

  it("'not sold here' on the store's own row is a skipped row: the store's list has no such availability", async () => {
    const { shop } = await shopWithTetovo();
    const result = await importFile(
      shop,
      csvOf(["Назив;Продажна цена;Достапност", "Леб;40,00;Not sold here", "Нов;10,00;На залиха"]),
    );
    expect(result.skipped).toEqual([
      { line: 2, reason: "excludedWithoutPointOfSale", cells: ["Леб", "40,00", "Not sold here"] },
    ]);
    expect(result.counts).toMatchObject({ added: 1, unchanged: 0, updated: 0 });
    for (const locale of ["mk", "en", "sq"] as const) {
      expect(getFixedT(locale)("import:reasons.excludedWithoutPointOfSale")).not.toMatch(/reasons\./);
    }
  });
});
