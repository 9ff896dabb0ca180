import { AppError } from "~/lib/app-error";
import { addDays } from "~/lib/calendar";
import type { PromotionInput } from "./promotion.schema";

// What an edit may change of a promotion that has been on the public page (decisions 0089
// and 0093): the days it has shown are the legal record and stay as they were shown.

/** A stored promotion with the products still in it, as getPromotion reads it. */
export type ExistingPromotion = {
  active: boolean;
  deactivatedAt: Date | null;
  startsOn: string;
  endsOn: string;
  type: string;
  discountType: string;
  discountValue: number;
  products: { productId: string; name: string; customPriceCents: number | null }[];
};

/** It has been on the public page: switched on, and its first day has come (decisions 0089, 0093). */
export function hasRun(row: { active: boolean; startsOn: string }, today: string) {
  return row.active && row.startsOn <= today;
}

/**
 * A promotion that has started is on the public record as it ran (decision 0089): an edit may add
 * or take out products and move its end, but not change its first day, its type, its discount or
 * the custom price of a product that stays in it (decision 0093), nor end it before yesterday; any
 * of those would rewrite the prices of days already shown. One deactivated after its start is
 * closed for good.
 */
export function keepsItsRecord(existing: ExistingPromotion, input: PromotionInput, today: string) {
  if (existing.deactivatedAt !== null)
    throw new AppError("promotionEndedEarly", { fields: { form: "errors:promotionEndedEarly" } });
  if (!hasRun(existing, today)) return;
  const yesterday = addDays(today, -1);
  // The earlier of its own end and yesterday (days as "YYYY-MM-DD" sort as they fall).
  const ranUntil = [existing.endsOn, yesterday].sort()[0]!;
  const rewritten =
    input.startsOn !== existing.startsOn ||
    input.type !== existing.type ||
    input.discountType !== existing.discountType ||
    input.discountValue !== existing.discountValue ||
    input.endsOn < ranUntil;
  if (rewritten)
    throw new AppError("promotionStartedFixed", { fields: { form: "errors:promotionStartedFixed" } });
  const posted = new Map(input.products.map((chosen) => [chosen.productId, chosen.customPriceCents]));
  for (const kept of existing.products) {
    const price = posted.get(kept.productId);
    if (price !== undefined && price !== kept.customPriceCents)
      throw new AppError("promotionStartedCustomPrice", {
        fields: {
          form: "errors:promotionStartedCustomPrice",
          [`customPrice.${kept.productId}`]: "errors:promotionStartedCustomPrice",
        },
        params: { product: kept.name },
      });
  }
}
