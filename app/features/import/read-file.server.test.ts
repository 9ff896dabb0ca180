import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { detectMapping } from "./columns";
import {
  csv1251,
  csvUtf8Bom,
  NINE_COLUMN_HEADERS,
  overlappingBomb,
  xlsx,
  xlsxWithSheetXml,
  zipBomb,
} from "./fixtures.test-support";
import { IMPORT_MAX_ROWS, readImportFile } from "./read-file.server";
import { toImportRows } from "./rows";

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error("the file was read");
}

describe("reading import files", () => {
  it("reads a Windows-1251 CSV with ';' and decimal commas", async () => {
    const bytes = csv1251([
      "Шифра;Назив;Цена;ДДВ;Категорија",
      "1;Леб бел;1.234,50;5%;Пекара",
      "2;Млеко;89,90;5;Млечни",
    ]);
    const sheet = await readImportFile(bytes, "artikli.csv");
    expect(sheet).toMatchObject({ format: "csv", encoding: "windows-1251", delimiter: ";" });
    expect(sheet.headers).toEqual(["Шифра", "Назив", "Цена", "ДДВ", "Категорија"]);
    const { rows, skipped } = toImportRows(sheet.rows, detectMapping(sheet.headers));
    expect(skipped).toEqual([]);
    // "Шифра", the till's article code, is the product's external id (decision 0126).
    expect(rows).toEqual([
      { line: 2, name: "Леб бел", priceCents: 123450, vatRate: "5", category: "Пекара", externalId: "1" },
      { line: 3, name: "Млеко", priceCents: 8990, vatRate: "5", category: "Млечни", externalId: "2" },
    ]);
  });

  it("reads a UTF-8 CSV with a BOM and ',' with quoted fields, and lets the owner override", async () => {
    const bytes = csvUtf8Bom(["name,price,description", '"Sapun, 100 g","1,234.50","Shqip: çmimi ë"']);
    const sheet = await readImportFile(bytes, "p.csv");
    expect(sheet).toMatchObject({ encoding: "utf-8", delimiter: "," });
    expect(sheet.headers[0]).toBe("name");
    expect(sheet.rows[0]).toEqual(["Sapun, 100 g", "1,234.50", "Shqip: çmimi ë"]);
    const forced = await readImportFile(bytes, "p.csv", { delimiter: ";" });
    expect(forced.headers).toHaveLength(1);
  });

  it("reads an .xlsx with numeric and text cells, and formulas as their cached values", async () => {
    const bytes = await xlsx([
      ["Назив", "Цена", "Баркод", "Количина"],
      ["Јаболка", 59.9, "5310000000005", 12],
      ["Круши", "1.200,00", 5310000000012, { formula: "B2*2", result: 24 } as never],
    ]);
    const sheet = await readImportFile(bytes, "ценовник.xlsx");
    expect(sheet.format).toBe("xlsx");
    expect(sheet.rows).toEqual([
      ["Јаболка", 59.9, "5310000000005", 12],
      ["Круши", "1.200,00", 5310000000012, 24],
    ]);
    const { rows } = toImportRows(sheet.rows, detectMapping(sheet.headers));
    expect(rows.map((row) => [row.priceCents, row.barcode, row.quantity])).toEqual([
      [5990, "5310000000005", 12],
      [120000, "5310000000012", 24],
    ]);
  });

  it("recognises the 9-column template and reads its discount as a promotion to be, the price staying the price", async () => {
    const bytes = csv1251([
      NINE_COLUMN_HEADERS.join(";"),
      "Шампон 500 мл;250,00;500,00;Нега;На залиха;;199,00;Акциска продажба;01.12-15.12",
      "Сапун;80,00;;;Нема на залиха;;;;",
      "Крема;120,00;;;;;99,00;;",
    ]);
    const sheet = await readImportFile(bytes, "template.csv");
    const { rows, notes } = toImportRows(sheet.rows, detectMapping(sheet.headers), { today: "2026-11-22" });
    expect(rows[0]).toMatchObject({
      priceCents: 25000,
      regularPriceCents: null,
      description: "Нега",
      discount: { priceCents: 19900, type: "sales_action", startsOn: "2026-12-01", endsOn: "2026-12-15" },
    });
    expect(rows[1]).toMatchObject({
      priceCents: 8000,
      regularPriceCents: null,
      availability: "out_of_stock",
    });
    expect(rows[1]!.discount).toBeUndefined();
    // No type and no duration: no invented days (decision 0126); the wizard asks the owner for them.
    expect(rows[2]!.discount).toBeUndefined();
    expect(rows[2]!.discountUndated).toBe(true);
    expect(notes).toEqual([{ line: 4, reason: "discountDatesMissing", params: {} }]);
    // With the owner's days and kind of sale, the row's discount is a promotion to be.
    const answered = toImportRows(sheet.rows, detectMapping(sheet.headers), {
      today: "2026-11-22",
      discountDays: { type: "clearance", startsOn: "2026-11-23", endsOn: "2026-11-30" },
    });
    expect(answered.rows[2]!.discount).toEqual({
      priceCents: 9900,
      type: "clearance",
      startsOn: "2026-11-23",
      endsOn: "2026-11-30",
    });
    // The file's own days and type still win where it has them.
    expect(answered.rows[0]!.discount).toMatchObject({ type: "sales_action", startsOn: "2026-12-01" });
    expect(answered.notes).toEqual([]);
  });

  it("saves a row whose discount cannot be a promotion at its price, with a note saying why", async () => {
    const bytes = csvUtf8Bom([
      NINE_COLUMN_HEADERS.join(";"),
      "Над цената;100;;;;;120;;",
      "Непознат вид;100;;;;;90;Петок;",
      "Нејасно;100;;;;;90;Распродажба;следниот месец",
      "Завршен;100;;;;;90;Распродажба;01.10.2026 - 31.10.2026",
      "Сезонски;100;;;;;90;Сезонско намалување;01.12.2026 - 20.12.2026",
    ]);
    const sheet = await readImportFile(bytes, "template.csv");
    const { rows, skipped, notes } = toImportRows(sheet.rows, detectMapping(sheet.headers), {
      today: "2026-11-22",
    });
    expect(skipped).toEqual([]);
    expect(rows.map((row) => [row.name, row.priceCents, row.discount])).toEqual([
      ["Над цената", 10000, undefined],
      ["Непознат вид", 10000, undefined],
      ["Нејасно", 10000, undefined],
      ["Завршен", 10000, undefined],
      ["Сезонски", 10000, undefined],
    ]);
    expect(notes).toEqual([
      { line: 2, reason: "discountNotBelowPrice", params: {} },
      { line: 3, reason: "discountTypeUnknown", params: { value: "Петок" } },
      { line: 4, reason: "discountDurationInvalid", params: { value: "следниот месец" } },
      { line: 5, reason: "discountEnded", params: { date: "2026-10-31" } },
      { line: 6, reason: "discountSeasonalWindow", params: {} },
    ]);
  });

  it("names every bad row with its line and reason", async () => {
    const bytes = csvUtf8Bom([
      "Назив;Цена;ДДВ;Баркод;Единица мерка",
      ";100;18;;",
      "Без цена;;18;;",
      "Лоша цена;abc;18;;",
      "Лош ДДВ;100;7;;",
      "Лош баркод;100;18;12345;",
      "Лоша мерка;100;18;;кофа",
      "Добар;100;18;;кг",
      "Добар;120;18;;кг",
      "Негативна;-5;18;;",
    ]);
    const sheet = await readImportFile(bytes, "bad.csv");
    const { rows, skipped, notes } = toImportRows(sheet.rows, detectMapping(sheet.headers));
    expect(rows.map((row) => [row.name, row.barcode])).toEqual([
      ["Лош баркод", undefined],
      ["Добар", null],
    ]);
    expect(skipped.map(({ line, reason }) => [line, reason])).toEqual([
      [2, "nameMissing"],
      [3, "priceMissing"],
      [4, "priceInvalid"],
      [5, "vatUnknown"],
      [7, "unitUnknown"],
      [9, "duplicateInFile"],
      [10, "priceNegative"],
    ]);
    // A barcode that is not an EAN does not cost the owner the product: it is saved without it.
    expect(notes).toEqual([{ line: 6, reason: "barcodeLength", params: { barcode: "12345", length: "5" } }]);
  });

  it("saves a product whose barcode has a wrong check digit without the barcode, naming the digit it should end in", async () => {
    const bytes = csvUtf8Bom(["Назив;Цена;Баркод", "Млеко;60;5310000000006", "Јогурт;40;5310000000005"]);
    const sheet = await readImportFile(bytes, "codes.csv");
    const { rows, skipped, notes } = toImportRows(sheet.rows, detectMapping(sheet.headers));
    expect(skipped).toEqual([]);
    expect(rows.map((row) => [row.name, row.barcode])).toEqual([
      ["Млеко", undefined],
      ["Јогурт", "5310000000005"],
    ]);
    expect(notes).toEqual([
      { line: 2, reason: "barcodeCheckDigit", params: { barcode: "5310000000006", expected: "5" } },
    ]);
  });

  it("refuses a binary renamed to .csv, a text renamed to .xlsx, and an old .xls", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
    expect(await refusal(readImportFile(png, "products.csv"))).toBe("importFileType");
    expect(await refusal(readImportFile(csvUtf8Bom(["a;b"]), "products.xlsx"))).toBe("importFileType");
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await refusal(readImportFile(ole, "products.xls"))).toBe("importXlsOld");
  });

  it("refuses a ZIP bomb dressed as .xlsx before inflating it", async () => {
    const bomb = zipBomb(250);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(readImportFile(bomb, "products.xlsx"))).toBe("importZipTooLarge");
    // Entries that claim 1 KB each are caught while inflating, at the limit.
    const liar = zipBomb(250, 1024);
    expect(await refusal(readImportFile(liar, "products.xlsx"))).toBe("importZipTooLarge");
    // Thousands of tiny entries are no workbook either.
    expect(await refusal(readImportFile(zipBomb(1001, 1), "products.xlsx"))).toBe("importZipTooLarge");
  });

  it("refuses an entry hidden inside another that only the central directory lists", async () => {
    expect(await refusal(readImportFile(overlappingBomb(300), "products.xlsx"))).toBe("importUnreadable");
  });

  it("stops reading a sheet at the first row past the limit, before the rest of the file", async () => {
    const row = (n: number) =>
      `<row r="${n}"><c r="A${n}" t="inlineStr"><is><t>Производ ${n}</t></is></c><c r="B${n}"><v>${n}</v></c></row>`;
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 2 }, (_, i) => row(i + 1)).join("");
    // What follows the rows is no XML at all: a reader that went on would call the file damaged.
    const sheet = `${rows}${" ".repeat(1 << 20)}<row r="<<<not xml`;
    expect(await refusal(readImportFile(xlsxWithSheetXml(sheet), "products.xlsx"))).toBe("importTooManyRows");
    // The same rows, one fewer, closed properly: read whole.
    const fits = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => row(i + 1)).join("");
    const read = await readImportFile(xlsxWithSheetXml(`${fits}</sheetData></worksheet>`), "products.xlsx");
    expect(read.rows).toHaveLength(IMPORT_MAX_ROWS);
    expect(read.rows[IMPORT_MAX_ROWS - 1]).toEqual([`Производ ${IMPORT_MAX_ROWS + 1}`, IMPORT_MAX_ROWS + 1]);
  }, 120_000);
});
