// A file's rows as products (issue 14 step 3): each row becomes the values it will save, or a
// reason it is skipped, with its line number. Pure and isomorphic; the same rules as the product
// form (product.schema.ts): a name, a price not negative, a regular price not below the price, a
// valid EAN, known VAT, unit and availability.

import type { Availability, NetUnit, SaleUnit, VatRate } from "~/db/schema/catalog-enums";
import { DESCRIPTION_MAX, PRODUCT_NAME_MAX } from "~/features/catalog/product.schema";
import { isValidEan } from "~/lib/barcode";
import { parseNetQuantity } from "~/lib/net-quantity";
import type { ColumnMapping, ImportField } from "./columns";
import {
  type CellValue,
  type DecimalMark,
  detectDecimal,
  parseImportAvailability,
  parseImportPrice,
  parseImportQuantity,
  parseImportUnit,
  parseImportVat,
} from "./values";

/**
 * What a row sets. A field that is undefined was not in the file (an update keeps it); null is an
 * empty cell of a mapped optional column (it clears it).
 */
export type ImportRow = {
  line: number;
  name: string;
  priceCents: number;
  regularPriceCents?: number | null;
  category?: string | null;
  quantity?: number;
  unit?: SaleUnit;
  netQuantityMilli?: number | null;
  netUnit?: NetUnit | null;
  vatRate?: VatRate;
  barcode?: string | null;
  description?: string | null;
  availability?: Availability;
};

export const SKIP_REASONS = [
  "nameMissing",
  "nameTooLong",
  "priceMissing",
  "priceInvalid",
  "priceNegative",
  "regularPriceInvalid",
  "regularBelowPrice",
  "quantityInvalid",
  "unitUnknown",
  "netQuantityInvalid",
  "vatUnknown",
  "barcodeInvalid",
  "availabilityUnknown",
  "descriptionTooLong",
  "duplicateInFile",
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export type Skipped = { line: number; reason: SkipReason; cells: string[] };

const PRICE_FIELDS: ImportField[] = ["price", "regularPrice", "discountPrice"];

/** The file's decimal mark, read from its price columns. */
export function decimalOf(rows: readonly CellValue[][], mapping: ColumnMapping): DecimalMark {
  const columns = mapping.flatMap((field, index) => (field && PRICE_FIELDS.includes(field) ? [index] : []));
  const values: CellValue[] = [];
  for (const row of rows.slice(0, 5000)) for (const column of columns) values.push(row[column] ?? null);
  return detectDecimal(values);
}

class Skip extends Error {
  constructor(readonly reason: SkipReason) {
    super(reason);
  }
}

function text(value: CellValue | undefined): string {
  if (value === null || value === undefined) return "";
  return typeof value === "number" ? String(value) : value.trim();
}

export function toImportRows(
  rows: readonly CellValue[][],
  mapping: ColumnMapping,
  decimal: DecimalMark = decimalOf(rows, mapping),
): { rows: ImportRow[]; skipped: Skipped[] } {
  const column = new Map<ImportField, number>();
  mapping.forEach((field, index) => {
    if (field && !column.has(field)) column.set(field, index);
  });
  const out: ImportRow[] = [];
  const skipped: Skipped[] = [];
  const seen = new Set<string>();
  rows.forEach((cells, index) => {
    const line = index + 2;
    if (cells.every((cell) => cell === null || text(cell) === "")) return;
    try {
      const row = toRow(cells, column, decimal, line);
      // Two rows for one product: the first counts, the second would silently overwrite it.
      const key = row.barcode ? `b:${row.barcode}` : `n:${row.name}`;
      if (seen.has(key)) throw new Skip("duplicateInFile");
      seen.add(key);
      out.push(row);
    } catch (error) {
      if (!(error instanceof Skip)) throw error;
      skipped.push({ line, reason: error.reason, cells: cells.map(text) });
    }
  });
  return { rows: out, skipped };
}

function toRow(
  cells: readonly CellValue[],
  column: Map<ImportField, number>,
  decimal: DecimalMark,
  line: number,
): ImportRow {
  const has = (field: ImportField) => column.has(field);
  const cell = (field: ImportField): CellValue => {
    const at = column.get(field);
    const value = at === undefined ? null : (cells[at] ?? null);
    return typeof value === "string" && value.trim() === "" ? null : value;
  };
  const price = (field: ImportField, invalid: SkipReason): number | null => {
    const value = cell(field);
    if (value === null) return null;
    const cents = parseImportPrice(value, decimal);
    if (cents === null) throw new Skip(invalid);
    if (cents < 0) throw new Skip("priceNegative");
    return cents;
  };

  const name = text(cell("name"));
  if (!name) throw new Skip("nameMissing");
  if (name.length > PRODUCT_NAME_MAX) throw new Skip("nameTooLong");

  const selling = price("price", "priceInvalid");
  const discounted = price("discountPrice", "priceInvalid");
  const priceCents = discounted ?? selling;
  if (priceCents === null) throw new Skip("priceMissing");
  const row: ImportRow = { line, name, priceCents };

  // A discount price in the 9-column template: the selling price is then the regular one, unless
  // the file gives a regular price of its own.
  if (has("regularPrice") || discounted !== null) {
    const regular = price("regularPrice", "regularPriceInvalid") ?? (discounted !== null ? selling : null);
    if (regular !== null && regular < priceCents) throw new Skip("regularBelowPrice");
    row.regularPriceCents = regular;
  }
  if (has("category")) row.category = text(cell("category")) || null;
  if (has("quantity") && cell("quantity") !== null) {
    const quantity = parseImportQuantity(cell("quantity"), decimal);
    if (quantity === null) throw new Skip("quantityInvalid");
    row.quantity = quantity;
  }
  if (has("unit") && cell("unit") !== null) {
    row.unit = parseImportUnit(cell("unit")) ?? skip("unitUnknown");
  }
  if (has("netQuantity")) {
    const value = text(cell("netQuantity"));
    const parsed = value ? parseNetQuantity(value) : null;
    if (parsed && ("error" in parsed || parsed.milli <= 0 || parsed.unit === null))
      skip("netQuantityInvalid");
    row.netQuantityMilli = parsed && !("error" in parsed) ? parsed.milli : null;
    row.netUnit = parsed && !("error" in parsed) ? parsed.unit : null;
  }
  if (has("vatRate") && cell("vatRate") !== null) {
    row.vatRate = parseImportVat(cell("vatRate")) ?? skip("vatUnknown");
  }
  if (has("barcode")) {
    // Excel keeps a long barcode as a number: 5310000000001 reads back digit for digit.
    const raw = cell("barcode");
    const barcode = typeof raw === "number" ? raw.toFixed(0) : text(raw);
    if (barcode && !isValidEan(barcode)) skip("barcodeInvalid");
    row.barcode = barcode || null;
  }
  if (has("description")) {
    const description = text(cell("description"));
    if (description.length > DESCRIPTION_MAX) skip("descriptionTooLong");
    row.description = description || null;
  }
  if (has("availability") && cell("availability") !== null) {
    row.availability = parseImportAvailability(cell("availability")) ?? skip("availabilityUnknown");
  }
  return row;
}

function skip(reason: SkipReason): never {
  throw new Skip(reason);
}
