// Cell values as the import reads them and the export writes them. Isomorphic and pure:
// a spreadsheet cell arrives as text (CSV, an .xlsx text cell) or as a number (an .xlsx numeric
// cell, read as its value, never its display text). Codes are the catalogue's (catalog-enums).

import {
  AVAILABILITIES,
  type Availability,
  SALE_UNITS,
  type SaleUnit,
  VAT_RATES,
  type VatRate,
} from "~/db/schema/catalog-enums";
import { MAX_MONEY_CENTS, type MoneyLocale, parseMoney } from "~/lib/money";
import { searchKey } from "~/lib/transliterate";

export type CellValue = string | number | null;

/** How a file writes decimals, found by detectDecimal; null when no value decided it. */
export type DecimalMark = "," | "." | null;

/**
 * A price cell in cents: 1234.5 (a number cell), "1.234,50", "1 234,50", "1,234.50", "89,9 ден".
 * With the file's decimal mark known, "1.234" in a point-decimal file is refused as 3 decimals
 * instead of read as 1234 (and "1,5" in a comma file stays 1.50). null: not a price.
 */
export function parseImportPrice(value: CellValue, decimal: DecimalMark = null): number | null {
  if (value === null) return null;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    const cents = Math.round(value * 100);
    // More than two decimals in a number cell is a computed value, not a price typed by a person.
    if (Math.abs(value * 100 - cents) > 1e-6 || Math.abs(cents) > MAX_MONEY_CENTS) return null;
    return cents;
  }
  const text = value.trim();
  if (!decimal) return parseMoney(text);
  const normalized = withDecimalMark(text.replace(CURRENCY, " ").trim(), decimal, 2);
  return normalized === null ? null : parseMoney(normalized);
}

const CURRENCY = /[\s\u00a0]*(?:ден\.?|den\.?|mkd)[\s\u00a0]*/gi;

/**
 * Rewrites a number whose decimal mark is known as "1234,5": group marks (only between thousands)
 * dropped, trailing zeros past `decimals` dropped ("120,000" from a POS is 120), null when it is
 * not such a number.
 */
function withDecimalMark(text: string, decimal: "," | ".", decimals: number): string | null {
  const group = decimal === "," ? "." : ",";
  const parts = text.split(decimal);
  if (parts.length > 2) return null;
  let whole = parts[0] ?? "";
  if (whole.includes(group)) {
    if (!new RegExp(`^[-\\u2212]?\\s*\\d{1,3}(\\${group}\\d{3})+$`).test(whole)) return null;
    whole = whole.split(group).join("");
  }
  const fraction = (parts[1] ?? "").replace(/0+$/, "");
  if (fraction.length > decimals || !/^\d*$/.test(fraction)) return null;
  return fraction ? `${whole},${fraction}` : whole;
}

/**
 * The decimal mark a column of price texts uses: the last of two different marks in one value, or
 * a lone mark not followed by exactly three digits. Ambiguous files ("1.200" only) stay null.
 */
export function detectDecimal(values: readonly CellValue[]): DecimalMark {
  let comma = 0;
  let point = 0;
  for (const value of values) {
    if (typeof value !== "string") continue;
    const s = value.trim();
    const lastComma = s.lastIndexOf(",");
    const lastPoint = s.lastIndexOf(".");
    if (lastComma >= 0 && lastPoint >= 0) {
      if (lastComma > lastPoint) comma++;
      else point++;
    } else if (lastComma >= 0 && !/,\d{3}$/.test(s)) comma++;
    else if (lastPoint >= 0 && !/\.\d{3}$/.test(s)) point++;
  }
  if (comma === point) return null;
  return comma > point ? "," : ".";
}

/**
 * "12", "12,000", 12 → 12; "1.000" in a comma-decimal file → 1000. A quantity in stock is a whole
 * number (the product form's rule). An unknown decimal mark is taken as Macedonian (comma).
 */
export function parseImportQuantity(value: CellValue, decimal: DecimalMark = null): number | null {
  if (value === null) return null;
  if (typeof value === "number") return Number.isInteger(value) && value >= 0 && value < 1e9 ? value : null;
  const normalized = withDecimalMark(value.trim().replace(/[\s\u00a0]/g, ""), decimal ?? ",", 0);
  return normalized !== null && /^\d{1,9}$/.test(normalized) ? Number(normalized) : null;
}

/** A cell as compared with the names below: "м²" and "m2" meet, "м" stays apart. */
function valueKey(text: string): string {
  return searchKey(text.replace(/²/g, "2")).replace(/ /g, "");
}

function table<T extends string>(entries: Record<T, string[]>): Map<string, T> {
  const map = new Map<string, T>();
  for (const [code, names] of Object.entries(entries) as [T, string[]][]) {
    for (const name of [code, ...names]) map.set(valueKey(name), code);
  }
  return map;
}

// The labels the product pages print (app/locales/*/products.json) and what POS programs write.
const VAT_NAMES = table<VatRate>({
  "18": ["18%", "18,00", "18.00", "0.18", "0,18", "А", "A", "ДДВ 18"],
  "10": ["10%", "10,00", "10.00", "0.1", "0,1"],
  "5": ["5%", "5,00", "5.00", "0.05", "0,05", "Б", "B", "ДДВ 5"],
  "0": ["0%", "0,00", "0.00"],
  none: [
    "Без ДДВ",
    "Ослободено",
    "Не е ДДВ обврзник",
    "Without VAT",
    "No VAT",
    "Exempt",
    "Pa TVSH",
    "E përjashtuar",
  ],
});

const UNIT_NAMES = table<SaleUnit>({
  piece: ["парче", "парчиња", "ком", "ком.", "бр", "pcs", "pc", "kom", "copë", "cope", "copa", "бр."],
  kg: ["кг", "килограм", "kilogram"],
  g: ["г", "гр", "грам", "gr", "gram"],
  l: ["л", "лит", "литар", "lit", "lt", "litër", "liter", "litre"],
  ml: ["мл", "милилитар"],
  m: ["м", "метар", "metër", "meter", "metre"],
  m2: ["м²", "м2", "m²", "кв.м", "sqm"],
  pack: ["пакување", "пак", "pak", "paketë", "package"],
  box: ["кутија", "кут", "kuti", "kutija"],
  pair: ["пар", "palë", "par"],
  set: ["сет", "комплет", "komplet"],
});

const AVAILABILITY_NAMES = table<Availability>({
  in_stock: [
    "На залиха",
    "Достапно",
    "Има",
    "Да",
    "In stock",
    "Available",
    "Yes",
    "Në stok",
    "Po",
    "Ka",
    "1",
    "true",
  ],
  out_of_stock: [
    "Нема на залиха",
    "Нема",
    "Недостапно",
    "Не",
    "Out of stock",
    "Unavailable",
    "No",
    "Nuk ka në stok",
    "Nuk ka",
    "Jo",
    "0",
    "false",
  ],
  on_order: ["По нарачка", "Нарачка", "On order", "Me porosi", "Po narachka"],
});

function lookup<T extends string>(names: Map<string, T>, value: CellValue): T | null {
  if (value === null) return null;
  return names.get(valueKey(String(value))) ?? null;
}

/**
 * The availability a point of sale's row gives a product left out there (not sold at
 * that point). The export writes the first three (import:preview.notSoldHere in mk, en, sq).
 */
const EXCLUDED_NAMES = new Set(
  [
    "Не се продава тука",
    "Not sold here",
    "Nuk shitet këtu",
    "Не се продава",
    "Исклучено",
    "Исклучен",
    "Excluded",
    "Not sold",
    "Nuk shitet",
  ].map(valueKey),
);

/** Whether an availability cell says the product is not sold at the row's point of sale. */
export function isExcludedAvailability(value: CellValue): boolean {
  return value !== null && EXCLUDED_NAMES.has(valueKey(String(value)));
}

/** "18%", "18", 0.18, "Без ДДВ" → the catalogue's VAT code; null when unknown. */
export function parseImportVat(value: CellValue): VatRate | null {
  if (typeof value === "number") {
    const percent = value > 0 && value < 1 ? Math.round(value * 100) : value;
    return (VAT_RATES as readonly string[]).includes(String(percent)) ? (String(percent) as VatRate) : null;
  }
  const text = (value ?? "").trim();
  return (
    lookup(VAT_NAMES, text) ?? lookup(VAT_NAMES, text.replace(/\s*%$/, "").replace(/[.,]0+$/, "") || "x")
  );
}

/** "ком", "KG", "парче" → the catalogue's sale unit; null when unknown. */
export function parseImportUnit(value: CellValue): SaleUnit | null {
  return lookup(UNIT_NAMES, value);
}

/** "На залиха", "да", "Out of stock", "Me porosi" → availability; null when unknown. */
export function parseImportAvailability(value: CellValue): Availability | null {
  return lookup(AVAILABILITY_NAMES, value);
}

const VAT_LABEL: Record<MoneyLocale, Record<VatRate, string>> = {
  mk: { "18": "18%", "10": "10%", "5": "5%", "0": "0%", none: "Без ДДВ" },
  en: { "18": "18%", "10": "10%", "5": "5%", "0": "0%", none: "Without VAT" },
  sq: { "18": "18%", "10": "10%", "5": "5%", "0": "0%", none: "Pa TVSH" },
};
const UNIT_LABEL: Record<MoneyLocale, Record<SaleUnit, string>> = {
  mk: {
    piece: "парче",
    kg: "кг",
    g: "г",
    l: "л",
    ml: "мл",
    m: "м",
    m2: "м²",
    pack: "пакување",
    box: "кутија",
    pair: "пар",
    set: "сет",
  },
  en: {
    piece: "piece",
    kg: "kg",
    g: "g",
    l: "l",
    ml: "ml",
    m: "m",
    m2: "m²",
    pack: "pack",
    box: "box",
    pair: "pair",
    set: "set",
  },
  sq: {
    piece: "copë",
    kg: "kg",
    g: "g",
    l: "l",
    ml: "ml",
    m: "m",
    m2: "m²",
    pack: "paketë",
    box: "kuti",
    pair: "palë",
    set: "set",
  },
};
const AVAILABILITY_LABEL: Record<MoneyLocale, Record<Availability, string>> = {
  mk: { in_stock: "На залиха", out_of_stock: "Нема на залиха", on_order: "По нарачка" },
  en: { in_stock: "In stock", out_of_stock: "Out of stock", on_order: "On order" },
  sq: { in_stock: "Në stok", out_of_stock: "Nuk ka në stok", on_order: "Me porosi" },
};

/** The cell an export writes for a code, which the parsers above read back to the same code. */
export function exportLabel(
  kind: "vatRate" | "unit" | "availability",
  code: string,
  locale: MoneyLocale,
): string {
  const labels: Record<string, string> =
    kind === "vatRate"
      ? VAT_LABEL[locale]
      : kind === "unit"
        ? UNIT_LABEL[locale]
        : AVAILABILITY_LABEL[locale];
  return labels[code] ?? code;
}

/** A price for an export cell: no grouping, the locale's decimal mark ("1234,50"; en "1234.50"). */
export function exportPrice(cents: number | null, locale: MoneyLocale): string {
  if (cents === null) return "";
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const fraction = String(abs % 100).padStart(2, "0");
  return `${sign}${Math.trunc(abs / 100)}${locale === "en" ? "." : ","}${fraction}`;
}

export const KNOWN_CODES = { vatRate: VAT_RATES, unit: SALE_UNITS, availability: AVAILABILITIES } as const;
