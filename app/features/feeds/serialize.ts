import type { TFunction } from "i18next";
import { centsToDecimal } from "~/lib/money";
import { JSON_PRODUCT_KEYS } from "./json-keys";
import type { PriceList, PriceListItem } from "./price-list.server";

// CSV for people: headers and values in the store's language, UTF-8 with a BOM so
// Excel reads Cyrillic, formula-safe cells. JSON for programs: stable English keys and codes.
// Amounts in both are decimal strings in denars ("1200.00"): exact, and unambiguous in any locale.

/**
 * The CSV's columns: the JSON's fields, the id after them (people read from the name on), and the
 * Albanian texts after the id (added last, so no earlier column moves). Each header is
 * the catalogue key products:csv.<column>.
 */
const ALBANIAN_KEYS = ["nameSq", "descriptionSq", "categorySq"] as const;
// The photo's address is for programs (price-comparison services): the CSV for people leaves it out.
export const CSV_COLUMNS = [
  ...JSON_PRODUCT_KEYS.filter(
    (key): key is Exclude<typeof key, "id" | "image" | (typeof ALBANIAN_KEYS)[number]> =>
      key !== "id" && key !== "image" && !(ALBANIAN_KEYS as readonly string[]).includes(key),
  ),
  "id",
  ...ALBANIAN_KEYS,
] as const;

/**
 * A cell a spreadsheet will not run: text starting with = + - @ or a control character gets a
 * leading apostrophe (OWASP CSV injection), then RFC 4180 quoting.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A cell's text as csvCell was given it: the apostrophe it put before = + - @ tab or CR removed, so
 * a file Vitrina exported reads back unchanged (export → import is a round trip, decision 0037).
 */
export function csvCellText(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** A product as the JSON writes it: stable English keys and codes, amounts as decimal strings. */
function jsonProduct(item: PriceListItem) {
  return {
    id: item.id,
    name: item.name,
    category: item.category,
    description: item.description,
    price: centsToDecimal(item.priceCents),
    regularPrice: centsToDecimal(item.regularPriceCents),
    discountPercent: item.discountPercent,
    discountAmount: centsToDecimal(item.discountAmountCents),
    discountType: item.discountType,
    discountFrom: item.discountFrom,
    discountTo: item.discountTo,
    priorPrice: centsToDecimal(item.priorPriceCents),
    unitPrice: centsToDecimal(item.unitPriceCents),
    unitPricePer: item.unitPricePer,
    unit: item.unit,
    vatRate: item.vatRate,
    availability: item.availability,
    barcode: item.barcode,
    updatedAt: item.updatedAt,
    nameSq: item.nameSq,
    descriptionSq: item.descriptionSq,
    categorySq: item.categorySq ?? null,
    image: item.imageUrl ?? null,
  };
}

/** A row for people (the CSV, the .xlsx): the JSON's fields, with codes (units, VAT, availability) in words of t's language. */
export function csvRow(
  item: PriceListItem,
  t: TFunction,
): Record<(typeof CSV_COLUMNS)[number], string | number | null> {
  return {
    ...jsonProduct(item),
    discountType: item.discountType ? t(`pricelist:promotionTypes.${item.discountType}`) : null,
    unitPricePer: item.unitPricePer ? t(`products:units.${item.unitPricePer}`) : null,
    unit: t(`products:units.${item.unit}`),
    vatRate: t(`products:vat.${item.vatRate}`),
    availability: t(`products:availability.${item.availability}`),
  };
}

/** The CSV in the language of t (getFixedT(locale)): mk by default, ?lang=sq|en on the feeds. */
export function toCsv(list: PriceList, t: TFunction): string {
  const lines = [CSV_COLUMNS.map((column) => csvCell(t(`products:csv.${column}`))).join(",")];
  for (const item of list.products) {
    const row = csvRow(item, t);
    lines.push(CSV_COLUMNS.map((column) => csvCell(row[column])).join(","));
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export function toJson(list: PriceList): string {
  return `${JSON.stringify(
    {
      store: list.store,
      // A point of sale's list names it; the store-wide list has no such key.
      ...(list.pointOfSale ? { pointOfSale: list.pointOfSale } : {}),
      currency: list.currency,
      confirmedAt: list.confirmedAt,
      updatedAt: list.updatedAt,
      products: list.products.map(jsonProduct),
    },
    null,
    2,
  )}\n`;
}

function decimalToCents(value: string | null): number | null {
  if (value === null) return null;
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(value);
  if (!match) throw new Error(`not a decimal amount: ${value}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

/** A product as the JSON writes it. */
type JsonProduct = {
  [key in "id" | "name" | "price" | "unit" | "vatRate" | "availability" | "updatedAt"]: string;
} & {
  [key in
    | "category"
    | "description"
    | "nameSq"
    | "descriptionSq"
    | "categorySq"
    | "regularPrice"
    | "discountAmount"
    | "discountType"
    | "discountFrom"
    | "discountTo"
    | "priorPrice"]: string | null;
} & {
  unitPrice: string | null;
  unitPricePer: string | null;
  barcode: string | null;
  discountPercent: number | null;
};

/** The price list back from its JSON (the archive keeps the JSON; its CSV is built in any language). */
export function fromJson(text: string): PriceList {
  const json = JSON.parse(text);
  return {
    store: json.store,
    ...(json.pointOfSale ? { pointOfSale: json.pointOfSale } : {}),
    currency: json.currency,
    confirmedAt: json.confirmedAt,
    updatedAt: json.updatedAt,
    products: (json.products as JsonProduct[]).map((item) => ({
      id: item.id,
      name: item.name,
      category: item.category,
      description: item.description,
      // Archives written before Albanian content existed have neither key.
      nameSq: item.nameSq ?? null,
      descriptionSq: item.descriptionSq ?? null,
      categorySq: item.categorySq ?? null,
      priceCents: decimalToCents(item.price)!,
      regularPriceCents: decimalToCents(item.regularPrice),
      discountPercent: item.discountPercent,
      discountAmountCents: decimalToCents(item.discountAmount),
      // Archives written before promotions existed have neither key.
      discountType: item.discountType ?? null,
      discountFrom: item.discountFrom,
      discountTo: item.discountTo,
      priorPriceCents: decimalToCents(item.priorPrice ?? null),
      unitPriceCents: decimalToCents(item.unitPrice),
      unitPricePer: item.unitPricePer,
      unit: item.unit,
      vatRate: item.vatRate,
      availability: item.availability,
      barcode: item.barcode,
      updatedAt: item.updatedAt,
    })),
  };
}
