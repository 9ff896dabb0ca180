// A file's rows as products (the preview step): each row becomes the values it will save, or a
// reason it is skipped, with its line number. Pure and isomorphic; the same rules as the product
// form (product.schema.ts): a name, a price not negative, a regular price not below the price,
// known VAT, unit and availability. A row saved without one of its parts (a barcode that is not an
// EAN, a discount that cannot become a promotion) is saved with a note saying why (decision 0063).

import type { Availability, NetUnit, SaleUnit, VatRate } from "~/db/schema/catalog-enums";
import { netQuantityFromName } from "~/features/catalog/net-quantity-from-name";
import { DESCRIPTION_MAX, PRODUCT_NAME_MAX, productRuleProblems } from "~/features/catalog/product.schema";
import { inSeasonalWindow } from "~/features/promotions/promotion.schema";
import type { PromotionType } from "~/features/promotions/promotion-constants";
import { eanCheckDigit, isValidEan } from "~/lib/barcode";
import { parseNetQuantity } from "~/lib/net-quantity";
import type { ColumnMapping, ImportField } from "./columns";
import { parseDiscountDuration, parseDiscountType } from "./discount";
import {
  type CellValue,
  type DecimalMark,
  detectDecimal,
  isExcludedAvailability,
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
  /**
   * Decision 0126: the net quantity was read from the name (the file gave none for the row): the
   * text read ("0,5 л"), shown in the preview. It fills a product's empty net quantity, never
   * replaces one the product has.
   */
  netQuantityFromName?: string;
  vatRate?: VatRate;
  barcode?: string | null;
  /**
   * The product's id in the shop's POS (its article code, "Шифра"): the first key the product writer
   * matches by (decisions 0122, 0126). An empty cell keeps the code the product has: a till's sync
   * must not lose its key because one file left it out.
   */
  externalId?: string;
  description?: string | null;
  /** The Albanian texts (an import ignores them while the store has them off). */
  nameSq?: string | null;
  descriptionSq?: string | null;
  /**
   * The Albanian name of the row's category; null, an empty cell (decision 0106: it
   * clears, as the Albanian name and description do, unless another row of the category names it).
   */
  categorySq?: string | null;
  availability?: Availability;
  /** A point of sale's name or slug: the row is that point's own price of the product. */
  pointOfSale?: string;
  /**
   * A point of sale's row with an empty price: the point follows the store's price
   * (`priceCents` is then 0 and means nothing). A price given, even the store's own, is the point's.
   */
  followsStorePrice?: true;
  /** The point of sale's row says the product is not sold there ("Не се продава тука"). */
  excluded?: true;
  /** The row's discount has no days in the file (decision 0126: the owner names them in the wizard). */
  discountUndated?: true;
  /** A discount price with the law's type and days: a promotion of the product (decision 0062). */
  discount?: ImportDiscount;
};

export type ImportDiscount = {
  priceCents: number;
  type: PromotionType;
  startsOn: string;
  endsOn: string;
  /**
   * Decision 0105: the points of sale the file limits the discount to, as it names them
   * (slugs or names); absent: every point of sale. The plan resolves them to `pointOfSaleIds`.
   */
  pointsOfSale?: string[];
  pointOfSaleIds?: string[];
};

/**
 * The owner's answer for a file whose discount column has no dates (decision 0126): the days the
 * discounts run and the law's kind of sale (for a row whose file names none).
 */
export type DiscountAnswer = { type: PromotionType; startsOn: string; endsOn: string };

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
  "externalIdTooLong",
  "availabilityUnknown",
  "descriptionTooLong",
  "nameSqTooLong",
  "descriptionSqTooLong",
  "duplicateInFile",
  /** Several products of the store have the row's barcode (or name) and nothing tells them apart. */
  "ambiguousMatch",
  "pointOfSaleUnknown",
  "pointOfSaleProductUnknown",
  "excludedWithoutPointOfSale",
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export type Skipped = { line: number; reason: SkipReason; cells: string[] };

/** What a row saved without: the part left out and why (its parameters name the value). */
export const NOTE_REASONS = [
  "barcodeLength",
  "barcodeCheckDigit",
  "discountNotBelowPrice",
  "discountTypeUnknown",
  "discountDurationInvalid",
  "discountDatesMissing",
  "discountEnded",
  "discountStartsBeforeToday",
  "discountSeasonalWindow",
  "discountCategoryForbidden",
  "discountInPromotion",
  "discountPointOfSaleUnknown",
] as const;
export type NoteReason = (typeof NOTE_REASONS)[number];
export type ImportNote = { line: number; reason: NoteReason; params: Record<string, string> };

/** The longest article code, as the REST API takes an external id (api.schema.ts). */
const EXTERNAL_ID_MAX = 100;

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
  options: {
    decimal?: DecimalMark;
    today?: string;
    /** Decision 0126: read the net quantity from the name where the file gives none (default: yes). */
    nameQuantities?: boolean;
    /** The owner's dates and kind of sale for a discount column without dates (decision 0126). */
    discountDays?: DiscountAnswer | null;
  } = {},
): { rows: ImportRow[]; skipped: Skipped[]; notes: ImportNote[]; undatedDiscounts: number } {
  const decimal = options.decimal ?? decimalOf(rows, mapping);
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const column = new Map<ImportField, number>();
  mapping.forEach((field, index) => {
    if (field && !column.has(field)) column.set(field, index);
  });
  const out: ImportRow[] = [];
  const skipped: Skipped[] = [];
  const notes: ImportNote[] = [];
  const seen = new Set<string>();
  let undatedDiscounts = 0;
  rows.forEach((cells, index) => {
    const line = index + 2;
    if (cells.every((cell) => cell === null || text(cell) === "")) return;
    try {
      const rowNotes: ImportNote[] = [];
      const row = toRow(
        cells,
        column,
        decimal,
        line,
        today,
        options.discountDays ?? null,
        (reason, params = {}) => rowNotes.push({ line, reason, params }),
      );
      if (options.nameQuantities !== false && row.netQuantityMilli == null && !row.pointOfSale) {
        const read = netQuantityFromName(row.name);
        if (read) {
          row.netQuantityMilli = read.netQuantityMilli;
          row.netUnit = read.netUnit;
          row.netQuantityFromName = read.source;
        }
      }
      // Two rows for one product: the first counts, the second would silently overwrite it.
      // A point of sale's row of a product is a row of its own.
      const key = `${row.pointOfSale ?? ""}|${row.barcode ? `b:${row.barcode}` : `n:${row.name}`}`;
      if (seen.has(key)) throw new Skip("duplicateInFile");
      seen.add(key);
      out.push(row);
      notes.push(...rowNotes);
      if (row.discountUndated) undatedDiscounts += 1;
    } catch (error) {
      if (!(error instanceof Skip)) throw error;
      skipped.push({ line, reason: error.reason, cells: cells.map(text) });
    }
  });
  return { rows: out, skipped, notes, undatedDiscounts };
}

function toRow(
  cells: readonly CellValue[],
  column: Map<ImportField, number>,
  decimal: DecimalMark,
  line: number,
  today: string,
  answer: DiscountAnswer | null,
  note: (reason: NoteReason, params?: Record<string, string>) => void,
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
  const regular = has("regularPrice") ? price("regularPrice", "regularPriceInvalid") : null;
  const discounted = price("discountPrice", "priceInvalid");
  // The product's price is its price without the discount (a promotion lowers it while it runs):
  // the selling price, else the regular one; a file with only a discount price sells at it.
  const priceCents = selling ?? regular ?? discounted;
  const point = has("pointOfSale") ? text(cell("pointOfSale")).slice(0, 200) : "";
  // A point of sale's row may leave the price empty: it follows the store's (its availability alone).
  if (priceCents === null && !point) throw new Skip("priceMissing");
  const row: ImportRow =
    priceCents === null ? { line, name, priceCents: 0, followsStorePrice: true } : { line, name, priceCents };
  if (has("regularPrice")) {
    // The catalogue's rule (product.schema.ts); the product writer checks it again over the values
    // an update keeps, so a price below a regular price the file leaves out is refused too.
    if (
      priceCents !== null &&
      productRuleProblems({ priceCents, regularPriceCents: regular, netQuantityMilli: null, netUnit: null })
        .length > 0
    )
      throw new Skip("regularBelowPrice");
    row.regularPriceCents = regular;
  }
  if (discounted !== null && priceCents !== null && discounted !== priceCents) {
    const discount = discountOf(cell, discounted, priceCents, today, answer, note);
    // The file names no days for it: the wizard asks the owner (decision 0126).
    const typeCell = cell("discountType");
    if (
      cell("discountDuration") === null &&
      discounted < priceCents &&
      (typeCell === null || parseDiscountType(typeCell) !== null)
    )
      row.discountUndated = true;
    const points = pointsOfSaleOf(text(cell("discountPointsOfSale")));
    if (discount) row.discount = points.length > 0 ? { ...discount, pointsOfSale: points } : discount;
  }
  if (has("category")) row.category = text(cell("category")) || null;
  if (has("categorySq")) {
    // Decision 0106: read only on a row that names its category (the category names are 100 long).
    const categorySq = text(cell("categorySq")).slice(0, 100);
    if (row.category) row.categorySq = categorySq || null;
  }
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
    if (!barcode) row.barcode = null;
    else if (isValidEan(barcode)) row.barcode = barcode;
    // A POS's own code or a mistyped digit: the product is saved without it (an update keeps the
    // barcode it had), and the preview says which and why.
    else if (/^(?:\d{8}|\d{13})$/.test(barcode))
      note("barcodeCheckDigit", { barcode, expected: String(eanCheckDigit(barcode.slice(0, -1))) });
    else note("barcodeLength", { barcode, length: String(barcode.length) });
  }
  if (has("externalId")) {
    // A till's code read as a number by Excel (00123 became 123 in a .xlsx) stays digits.
    const raw = cell("externalId");
    const code = typeof raw === "number" ? (Number.isInteger(raw) ? raw.toFixed(0) : String(raw)) : text(raw);
    if (code.length > EXTERNAL_ID_MAX) skip("externalIdTooLong");
    if (code) row.externalId = code;
  }
  if (has("description")) {
    const description = text(cell("description"));
    if (description.length > DESCRIPTION_MAX) skip("descriptionTooLong");
    row.description = description || null;
  }
  if (has("nameSq")) {
    const nameSq = text(cell("nameSq"));
    if (nameSq.length > PRODUCT_NAME_MAX) skip("nameSqTooLong");
    row.nameSq = nameSq || null;
  }
  if (point) row.pointOfSale = point;
  if (has("descriptionSq")) {
    const descriptionSq = text(cell("descriptionSq"));
    if (descriptionSq.length > DESCRIPTION_MAX) skip("descriptionSqTooLong");
    row.descriptionSq = descriptionSq || null;
  }
  if (has("availability") && cell("availability") !== null) {
    // "Not sold here" leaves the product out at the row's point of sale; the store's own
    // list has no such availability.
    if (isExcludedAvailability(cell("availability"))) {
      if (!row.pointOfSale) skip("excludedWithoutPointOfSale");
      row.excluded = true;
    } else {
      row.availability = parseImportAvailability(cell("availability")) ?? skip("availabilityUnknown");
    }
  }
  return row;
}

/**
 * A discount price below the product's price, with its type and days, as a promotion to be; null
 * (with a note) when the discount cannot be one: the product is then saved at its price alone.
 */
function discountOf(
  cell: (field: ImportField) => CellValue,
  discounted: number,
  priceCents: number,
  today: string,
  answer: DiscountAnswer | null,
  note: (reason: NoteReason, params?: Record<string, string>) => void,
): ImportDiscount | null {
  if (discounted > priceCents) {
    note("discountNotBelowPrice");
    return null;
  }
  const typeCell = cell("discountType");
  const fileType = typeCell === null ? null : parseDiscountType(typeCell);
  if (typeCell !== null && fileType === null) {
    note("discountTypeUnknown", { value: text(typeCell) });
    return null;
  }
  // Decision 0126: a discount without its days is no promotion until the owner names them (and the
  // kind of sale) in the wizard; the import invents no dates.
  const durationCell = cell("discountDuration");
  if (durationCell === null && answer === null) {
    note("discountDatesMissing");
    return null;
  }
  const type = fileType ?? (durationCell === null ? answer!.type : "sales_action");
  const days =
    durationCell === null
      ? { startsOn: answer!.startsOn, endsOn: answer!.endsOn }
      : parseDiscountDuration(durationCell, today);
  if (days === null) {
    note("discountDurationInvalid", { value: text(cell("discountDuration")) });
    return null;
  }
  if (days.endsOn < today) {
    note("discountEnded", { date: days.endsOn });
    return null;
  }
  if (type === "seasonal" && !inSeasonalWindow(days.startsOn, days.endsOn)) {
    note("discountSeasonalWindow");
    return null;
  }
  return { priceCents: discounted, type, ...days };
}

/**
 * The points of sale a discount cell names (decision 0105): separated by ";" or a line break, each
 * a slug or a name. The plan splits a part it does not know at commas ("a, b"), and notes the
 * names it still does not know.
 */
export function pointsOfSaleOf(value: string): string[] {
  const parts = value
    .split(/[;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  return [...new Set(parts)].slice(0, 100);
}

function skip(reason: SkipReason): never {
  throw new Skip(reason);
}
