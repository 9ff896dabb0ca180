import type { VatRate } from "~/db/schema/catalog-enums";

// The VAT a new product starts with, by the kind of goods, where the kind is known, so
// that it is compliant by default. North Macedonia's Law on VAT: 18 % general rate; 5 % for food,
// medicines and medical devices, books and newspapers; 10 % for catering (food and drink served).
// The owner can always choose another rate: this only spares the wrong default of 18 % on bread.
export const GOODS_KINDS = ["food", "medicine", "books", "catering", "other"] as const;
export type GoodsKind = (typeof GOODS_KINDS)[number];

export const VAT_BY_GOODS: Record<GoodsKind, VatRate> = {
  food: "5",
  medicine: "5",
  books: "5",
  catering: "10",
  other: "18",
};

/** The default VAT for a kind of goods; an unknown kind is "other" (the general rate). */
export function defaultVatFor(kind: string | undefined): VatRate {
  return VAT_BY_GOODS[
    (GOODS_KINDS as readonly string[]).includes(kind ?? "") ? (kind as GoodsKind) : "other"
  ];
}
