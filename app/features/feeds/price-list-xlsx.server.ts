import ExcelJS from "exceljs";
import type { TFunction } from "i18next";
import type { PriceList } from "./price-list.server";
import { CSV_COLUMNS, csvRow } from "./serialize";

// The price list as an Excel workbook for people: the CSV's columns
// and words in the language asked for, with amounts as number cells (shown with two decimals, so
// Excel sums and sorts them) and the last change as a date in Skopje time. Every other value is a
// text cell: a text cell is never a formula, whatever it starts with. The CSV stays the machine format
// (RFC 4180, ISO times in UTC).

const AMOUNTS = new Set<string>(["price", "regularPrice", "discountAmount", "priorPrice", "unitPrice"]);
const WIDTH: Partial<Record<(typeof CSV_COLUMNS)[number], number>> = {
  name: 40,
  description: 40,
  category: 20,
  priorPrice: 18,
  barcode: 16,
  updatedAt: 17,
  id: 38,
  nameSq: 40,
  descriptionSq: 40,
  categorySq: 20,
};

const SKOPJE_WALL = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Skopje",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/**
 * The Skopje wall-clock time of an instant, as the Date whose UTC fields show it: Excel has no time
 * zones, and exceljs writes a Date by its UTC fields.
 */
export function skopjeWallClock(iso: string): Date {
  const parts = Object.fromEntries(
    SKOPJE_WALL.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return new Date(
    Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    ),
  );
}

/** The workbook's bytes: one sheet named for the store, a bold frozen header row. */
export async function toXlsx(list: PriceList, t: TFunction): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Vitrina";
  // A sheet name is at most 31 characters and has none of : \ / ? * [ ].
  const sheetName =
    list.store.name
      .replace(/[:\\/?*[\]]/g, " ")
      .slice(0, 31)
      .trim() || "Ценовник";
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = CSV_COLUMNS.map((column) => ({
    header: t(`products:csv.${column}`),
    key: column,
    width: WIDTH[column] ?? 14,
    style: AMOUNTS.has(column)
      ? { numFmt: "0.00" }
      : column === "updatedAt"
        ? { numFmt: "dd.mm.yyyy hh:mm" }
        : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const item of list.products) {
    const row = csvRow(item, t);
    sheet.addRow(
      CSV_COLUMNS.map((column) => {
        const value = row[column];
        if (value === null || value === undefined) return null;
        if (AMOUNTS.has(column)) return Number(value);
        if (column === "updatedAt") return skopjeWallClock(String(value));
        if (column === "discountPercent") return Number(value);
        return String(value);
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
