import { and, eq } from "drizzle-orm";
import { promotion } from "~/db/schema/promotions";
import { AppError, isAppError } from "~/lib/app-error";
import { addDays } from "~/lib/calendar";
import { getClock } from "~/lib/clock.server";
import type { StoreContext } from "~/lib/service-context";
import { promotionDay } from "./price-in-effect.server";
import { getPromotion } from "./promotion.server";
import { endAssignments, lostTheRace } from "./promotion-assignments.server";

// Activating and deactivating a promotion (decision 0093). A promotion whose first day
// has come has been on the public page, which is the legal record (the dated archive, the price
// history, the prior price of later promotions): deactivating it ends it at that instant the way a
// delete does (decision 0089), its products keeping the days they ran, and it can never run again;
// a span that stopped and started again would make its prior price and its days something no
// inspector could read off one promotion. One that has not started is only switched off and on.

const endedEarly = () =>
  new AppError("promotionEndedEarly", { fields: { form: "errors:promotionEndedEarly" } });

/** Whether a promotion has been on the public page and was deactivated after its start. */
export function wasEndedEarly(row: { deactivatedAt: Date | null }): boolean {
  return row.deactivatedAt !== null;
}

/**
 * Activates or deactivates one of the store's promotions. Activating one whose products are in
 * another active promotion on the same days is refused ('promotionProductTaken'), also when two
 * activations race; activating one whose first day has passed while it was off, or one that was
 * deactivated after it started, would put days on the record that were never shown: refused.
 */
export async function setPromotionActive(
  ctx: StoreContext,
  promotionId: string,
  active: boolean,
  now: Date = getClock().now(),
) {
  const found = await getPromotion(ctx, promotionId);
  if (wasEndedEarly(found)) throw endedEarly();
  if (found.active === active) return;
  const today = promotionDay(now);
  if (active && found.startsOn < today)
    throw new AppError("promotionStartPassed", { fields: { form: "errors:promotionStartPassed" } });
  const mine = and(eq(promotion.storeId, ctx.storeId), eq(promotion.id, promotionId));
  try {
    await ctx.db.transaction(async (tx) => {
      if (!active && found.startsOn <= today) {
        // Its products leave it now; the flag stays, so the days they ran count (decision 0093).
        await endAssignments(tx, ctx.storeId, promotionId, { today, now, lastDay: addDays(today, -1) });
        await tx.update(promotion).set({ deactivatedAt: now, updatedAt: now }).where(mine);
        return;
      }
      await tx.update(promotion).set({ active, updatedAt: now }).where(mine);
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    if (lostTheRace(error)) throw new AppError("promotionProductTaken", { cause: error });
    throw new AppError("promotionSaveFailed", { cause: error });
  }
}
