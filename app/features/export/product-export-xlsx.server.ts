import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { EXPORT_FIELDS, type ImportField } from "~/features/import/columns";
import { logger } from "~/lib/logger.server";
import type { MoneyLocale } from "~/lib/money";
import { type ExportRow, exportCells, exportHeaders } from "./product-export.server";

// The .xlsx export, streamed: exceljs's WorkbookWriter commits each row as it is written, so only a
// page of products is in memory. Prices and stock are number cells (shown with two decimals), every
// other value a text cell: a text cell is never a formula, whatever it starts with, so "=1+1" in a
// name stays those four characters in Excel and in the import (no apostrophe needed, unlike CSV).

const PRICE_FIELDS = new Set(["price", "regularPrice", "discountPrice"]);
const WIDTH: Partial<Record<(typeof EXPORT_FIELDS)[number], number>> = {
  name: 40,
  description: 40,
  nameSq: 40,
  descriptionSq: 40,
  category: 20,
  barcode: 16,
  availability: 16,
  discountType: 24,
  discountDuration: 24,
};

/** The workbook as a web stream; a failure while writing ends the download with an error. */
export function productXlsxStream(
  pages: AsyncIterator<ExportRow[]>,
  locale: MoneyLocale,
  fields = EXPORT_FIELDS,
  /** The sheet's name, in the interface language where the caller gives one. */
  sheetName = "Products",
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  void writeWorkbook(out, pages, locale, fields, sheetName).catch(async (error: unknown) => {
    logger.error({ err: error }, "product export (xlsx) failed while streaming");
    await pages.return?.(undefined);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

async function writeWorkbook(
  out: PassThrough,
  pages: AsyncIterator<ExportRow[]>,
  locale: MoneyLocale,
  fields: readonly ImportField[],
  sheetName: string,
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = exportHeaders(locale, fields).map((header, index) => {
    const field = fields[index]!;
    return {
      header,
      width: WIDTH[field] ?? 14,
      style: PRICE_FIELDS.has(field) ? { numFmt: "0.00" } : field === "quantity" ? { numFmt: "0" } : {},
    };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  while (true) {
    const next = await pages.next();
    if (next.done) break;
    for (const row of next.value) sheet.addRow(exportCells(row, locale, true, fields)).commit();
    // Wait for the reader when it is slower than the database: memory holds about one page.
    if (out.writableNeedDrain) await once(out, "drain");
  }
  sheet.commit();
  await workbook.commit();
}
