import { parseMoney } from "~/lib/money";
import { type Discount, promotionalPrice } from "../promotion-price";

// The wizard's state in the browser (spec §4: Details → Products → Review), and the checks the
// server repeats (promotion.schema.ts, promotion.server.ts), so the owner learns at once.

export type WizardDetails = {
  name: string;
  type: string;
  discountType: string;
  value: string;
  startsOn: string;
  endsOn: string;
};

/** Chosen product id → the custom price as typed ("" for none). */
export type WizardSelection = Record<string, string>;

export type ChoosableProduct = { id: string; name: string; priceCents: number };

/** The discount of the details as the price rule wants it (hundredths), or null while invalid. */
export function discountOf(details: WizardDetails): Discount | null {
  const value = parseMoney(details.value);
  if (value === null || value < 100) return null;
  return { discountType: details.discountType === "fixed" ? "fixed" : "percentage", discountValue: value };
}

/**
 * The first problem of one chosen product's custom price: 'Custom price for {product} must be less
 * than {price} MKD' (spec §5), or an unreadable one. null when it is fine.
 */
export function customPriceProblem(
  product: ChoosableProduct,
  typed: string,
): { key: string; cents: number | null } | null {
  if (!typed.trim()) return null;
  const cents = parseMoney(typed);
  if (cents === null || cents <= 0) return { key: "validation:priceInvalid", cents: null };
  if (cents >= product.priceCents) return { key: "errors:customPriceTooHigh", cents };
  return null;
}

/** The promotional price of a chosen product under the details (null: it would not be lower). */
export function newPriceOf(product: ChoosableProduct, details: WizardDetails, typed: string): number | null {
  const discount = discountOf(details);
  const custom = typed.trim() ? parseMoney(typed) : null;
  if (!discount) return custom !== null && custom < product.priceCents && custom > 0 ? custom : null;
  return promotionalPrice(product.priceCents, discount, custom);
}
