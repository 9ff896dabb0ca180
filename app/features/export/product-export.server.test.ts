import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { createCategory } from "~/features/categories/category.server";
import { isAppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { exportPages, openExport } from "./product-export.server";
import { productCsvStream } from "./product-export-csv.server";
import { productXlsxStream } from "./product-export-xlsx.server";

const database = databaseForThisFile();

const MK_HEADERS = [
  "Назив",
  "Продажна цена",
  "Редовна цена",
  "Категорија",
  "Количина",
  "Единица мерка",
  "Нето количина",
  "ДДВ",
  "Баркод",
  "Опис",
  "Достапност",
  "Цена со попуст",
  "Вид на попуст",
  "Времетраење на попуст",
];

/** A store with the cases the issue names: Cyrillic, decimal prices, empty optional fields, formulas. */
async function stocked() {
  const shop = await createTestStore(database);
  const dairy = await createCategory(shop.ctx, { name: "Млечни производи" });
  await createProduct(
    shop.ctx,
    productInput({
      name: "Млеко „Билка“ 3,2%; свежо",
      price: "1234,5",
      regularPrice: "1500",
      categoryId: dairy.id,
      quantity: "12",
      unit: "l",
      netQuantity: "1,5",
      netUnit: "l",
      vatRate: "5",
      barcode: "0012345678905",
      description: "Пастеризирано\nод Пелагонија",
      availability: "on_order",
    }),
  );
  await createProduct(shop.ctx, productInput({ name: "Јајца", price: "8,90", vatRate: "none" }));
  await createProduct(
    shop.ctx,
    productInput({ name: '=HYPERLINK("http://x.test","klik")', price: "1", description: "@SUM(A1)" }),
  );
  return shop;
}

const text = async (stream: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(stream).arrayBuffer());
const csvOf = async (ctx: StoreContext, locale: "mk" | "en" | "sq" = "mk") =>
  text(productCsvStream(await openExport(ctx), locale));

describe("the CSV export", () => {
  it("writes UTF-8 with a BOM, the import's headers in the owner's language, and every product", async () => {
    const shop = await stocked();
    const bytes = await csvOf(shop.ctx);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parse(new TextDecoder().decode(bytes), { delimiter: ";" });
    expect(rows[0]).toEqual(MK_HEADERS);
    // Name order (decision 0023): Latin and punctuation first, then the Macedonian alphabet.
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      `'=HYPERLINK("http://x.test","klik")`,
      "Јајца",
      "Млеко „Билка“ 3,2%; свежо",
    ]);
    expect(rows[3]).toEqual([
      "Млеко „Билка“ 3,2%; свежо",
      "1234,50",
      "1500,00",
      "Млечни производи",
      "12",
      "л",
      "1,5 л",
      "5%",
      "0012345678905",
      "Пастеризирано\nод Пелагонија",
      "По нарачка",
      "",
      "",
      "",
    ]);
    // Empty optional fields are empty cells, not "null" or "0".
    expect(rows[2]).toEqual([
      "Јајца",
      "8,90",
      "",
      "",
      "1",
      "парче",
      "",
      "Без ДДВ",
      "",
      "",
      "На залиха",
      "",
      "",
      "",
    ]);
  });

  it("neutralises cells a spreadsheet would run as a formula", async () => {
    const shop = await stocked();
    const csv = new TextDecoder().decode(await csvOf(shop.ctx));
    const line = csv.split("\r\n").find((row) => row.includes("HYPERLINK"))!;
    expect(line.startsWith(`"'=HYPERLINK(`)).toBe(true);
    expect(line).toContain(";'@SUM(A1);");
  });

  it("uses the point and the comma in English", async () => {
    const shop = await stocked();
    const rows: string[][] = parse(new TextDecoder().decode(await csvOf(shop.ctx, "en")));
    expect(rows[0]!.slice(0, 3)).toEqual(["Name", "Price", "Regular price"]);
    expect(rows[3]!.slice(0, 3)).toEqual(["Млеко „Билка“ 3,2%; свежо", "1234.50", "1500.00"]);
  });

  it("says 'No data to export' for a store without products", async () => {
    const shop = await createTestStore(database);
    const error = await openExport(shop.ctx).catch((caught: unknown) => caught);
    expect(isAppError(error) && error.messageKey).toBe("errors:noDataToExport");
  });
});

describe("the .xlsx export", () => {
  it("writes prices and stock as numbers, everything else as text, and no formula", async () => {
    const shop = await stocked();
    const bytes = await text(productXlsxStream(await openExport(shop.ctx), "mk"));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(MK_HEADERS);
    const milk = (sheet.getRow(4).values as unknown[]).slice(1);
    expect(milk.slice(0, 5)).toEqual(["Млеко „Билка“ 3,2%; свежо", 1234.5, 1500, "Млечни производи", 12]);
    expect(milk[8]).toBe("0012345678905");
    expect(sheet.getRow(4).getCell(2).numFmt).toBe("0.00");
    const eggs = sheet.getRow(3);
    expect([eggs.getCell(2).value, eggs.getCell(3).value, eggs.getCell(9).value]).toEqual([8.9, null, null]);
    // The formula-looking name is a text cell: in the sheet's XML, an inline string and no <f>.
    expect(sheet.getRow(2).getCell(1).value).toBe('=HYPERLINK("http://x.test","klik")');
    const xml = strFromU8(unzipSync(bytes)["xl/worksheets/sheet1.xml"]!);
    expect(xml).not.toMatch(/<f[ >]/);
    expect(xml).toContain("=HYPERLINK(&quot;http://x.test&quot;,&quot;klik&quot;)");
  });
});

describe("paging through the catalogue", () => {
  it("reads every product once, in name order, a page at a time", async () => {
    const shop = await createTestStore(database);
    const names = ["Б", "А", "Ѓ", "Г", "B", "a", "А"];
    for (const name of names) await createProduct(shop.ctx, productInput({ name }));
    const pages: string[][] = [];
    for await (const page of exportPages(shop.ctx, 3)) pages.push(page.map((row) => row.name));
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(["a", "B", "А", "А", "Б", "Г", "Ѓ"]);
  });
});
