import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { storeWithTetovo } from "~/features/points-of-sale/points-of-sale.test-support";
import { getFixedT } from "~/i18n/i18n.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { csvUtf8Bom } from "./fixtures.test-support";
import { createImport, previewImport } from "./import-job.server";
import { SKIP_REASONS } from "./rows";

// The import's optional point-of-sale column is checked by the preview, as the commit
// checks it: a point of sale the store does not have (another store's included) is a skipped row
// with its line and reason, and a valid one shows among the rows to be saved.

const database = databaseForThisFile();

beforeAll(() => {
  process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "vitrina-import-pos-test-"));
});

describe("the preview of a file with a point-of-sale column", () => {
  it("skips a row naming a point of sale the store does not have, with its line and reason, and shows a valid one", async () => {
    const { shop } = await storeWithTetovo(database);
    await createProduct(shop.ctx, productInput({ name: "Млеко", price: "80", barcode: "5310000000012" }));
    const file = csvUtf8Bom([
      "Назив;Продажна цена;Баркод;Продажно место",
      "Млеко;80,00;5310000000012;",
      "Млеко;85,50;5310000000012;tetovo",
      "Леб;40,00;;",
      "Леб;42,00;;Тетово центар",
      "Леб;41,00;;Куманово",
      "Сирење;300,00;;tetovo",
    ]);
    const job = await createImport(shop.ctx, { fileName: "prodazni-mesta.csv", bytes: file });
    const preview = await previewImport(shop.ctx, job.id);
    expect(preview.skipped).toEqual([
      { line: 6, reason: "pointOfSaleUnknown", cells: ["Леб", "Куманово"] },
      { line: 7, reason: "pointOfSaleProductUnknown", cells: ["Сирење", "tetovo"] },
    ]);
    expect(preview.counts).toEqual({
      added: 1,
      updated: 0,
      unchanged: 1,
      skipped: 2,
      pointOfSalePrices: 2,
    });
    // The valid point-of-sale rows are shown apart from the store's, named by the point's name;
    // the skipped ones are not shown.
    expect(preview.sample.map((row) => [row.line, row.name])).toEqual([
      [2, "Млеко"],
      [4, "Леб"],
    ]);
    expect(
      preview.pointOfSaleSample.map((row) => [row.line, row.name, row.pointOfSale, row.priceCents]),
    ).toEqual([
      [3, "Млеко", "Тетово Центар", 8_550],
      [5, "Леб", "Тетово Центар", 4_200],
    ]);
  });

  it("treats another store's point of sale as unknown", async () => {
    await storeWithTetovo(database);
    const mine = await createTestStore(database);
    await createProduct(mine.ctx, productInput({ name: "Млеко", price: "80" }));
    const file = csvUtf8Bom(["Назив;Продажна цена;Продажно место", "Млеко;1,00;tetovo"]);
    const job = await createImport(mine.ctx, { fileName: "tuga.csv", bytes: file });
    const preview = await previewImport(mine.ctx, job.id);
    expect(preview.skipped).toEqual([{ line: 2, reason: "pointOfSaleUnknown", cells: ["Млеко", "tetovo"] }]);
    expect(preview.counts).toEqual({ added: 0, updated: 0, unchanged: 0, skipped: 1 });
    expect(preview.sample).toEqual([]);
    expect(preview.pointOfSaleSample).toEqual([]);
  });

  it("names each skip reason in mk, en and sq", () => {
    for (const locale of ["mk", "en", "sq"] as const) {
      const t = getFixedT(locale);
      for (const reason of ["pointOfSaleUnknown", "pointOfSaleProductUnknown"] as const) {
        expect(SKIP_REASONS).toContain(reason);
        const text = t(`import:reasons.${reason}`);
        expect(text).not.toBe(`reasons.${reason}`);
        expect(text).not.toContain("import:");
      }
    }
  });
});
