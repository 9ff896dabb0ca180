import type { PriceList } from "./price-list.server";

// CSV for spreadsheets (UTF-8 with a BOM so Excel reads Cyrillic; formula-safe cells) and JSON for
// programs. Amounts are decimal strings in denars ("1200.00"): exact, and unambiguous in any locale.

export const CSV_COLUMNS = [
  "name",
  "category",
  "description",
  "price_mkd",
  "regular_price_mkd",
  "discount_percent",
  "discount_amount_mkd",
  "discount_from",
  "discount_to",
  "unit_price_mkd",
  "unit_price_per",
  "unit",
  "vat_rate",
  "availability",
  "barcode",
  "updated_at",
  "id",
] as const;

export function centsToDecimal(cents: number | null): string | null {
  if (cents === null) return null;
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

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

export function toCsv(list: PriceList): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const item of list.products) {
    lines.push(
      [
        item.name,
        item.category,
        item.description,
        centsToDecimal(item.priceCents),
        centsToDecimal(item.regularPriceCents),
        item.discountPercent,
        centsToDecimal(item.discountAmountCents),
        item.discountFrom,
        item.discountTo,
        centsToDecimal(item.unitPriceCents),
        item.unitPricePer,
        item.unit,
        item.vatRate,
        item.availability,
        item.barcode,
        item.updatedAt,
        item.id,
      ]
        .map((cell) => csvCell(cell))
        .join(","),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export function toJson(list: PriceList): string {
  return `${JSON.stringify(
    {
      store: list.store,
      currency: list.currency,
      confirmedAt: list.confirmedAt,
      updatedAt: list.updatedAt,
      products: list.products.map((item) => ({
        id: item.id,
        name: item.name,
        category: item.category,
        description: item.description,
        price: centsToDecimal(item.priceCents),
        regularPrice: centsToDecimal(item.regularPriceCents),
        discountPercent: item.discountPercent,
        discountAmount: centsToDecimal(item.discountAmountCents),
        discountFrom: item.discountFrom,
        discountTo: item.discountTo,
        unitPrice: centsToDecimal(item.unitPriceCents),
        unitPricePer: item.unitPricePer,
        unit: item.unit,
        vatRate: item.vatRate,
        availability: item.availability,
        barcode: item.barcode,
        updatedAt: item.updatedAt,
      })),
    },
    null,
    2,
  )}\n`;
}
