import type { DiscountType, PromotionState } from "./promotion-constants";

// The promotional price of one product, in integers (PRODUCT.md "Money"). Isomorphic: the wizard's
// review shows it as the owner types; the database computes the same rule in SQL
// (price-in-effect.server.ts), and a test holds the two equal.

export type Discount = { discountType: DiscountType; discountValue: number };

/**
 * The promotional price of a product whose regular price is `regularCents`: the custom price when
 * one is set, otherwise the regular price less the discount (a percentage rounded half up to the
 * hundredth of a denar, or a fixed amount). null when the promotion would not lower the price to
 * something above zero: then the regular price stays in effect.
 */
export function promotionalPrice(
  regularCents: number,
  discount: Discount,
  customPriceCents: number | null = null,
): number | null {
  const price =
    customPriceCents ??
    regularCents -
      (discount.discountType === "percentage"
        ? Math.floor((regularCents * discount.discountValue + 5000) / 10000)
        : discount.discountValue);
  return price > 0 && price < regularCents ? price : null;
}

/**
 * The Skopje day state of a promotion: the active flag first (a promotion deactivated
 * after its start, decision 0093, is inactive too), then the dates.
 */
export function promotionState(
  promotion: { active: boolean; startsOn: string; endsOn: string; deactivatedAt?: Date | null },
  today: string,
): PromotionState {
  if (!promotion.active || promotion.deactivatedAt) return "inactive";
  if (today < promotion.startsOn) return "scheduled";
  if (today > promotion.endsOn) return "ended";
  return "active";
}
