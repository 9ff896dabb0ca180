import { and, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { promotionProduct } from "~/db/schema/promotions";
import { addDays } from "~/features/confirmation/calendar";

// How a product leaves a promotion (issue 15, decision 0077). The days it has already spent in it
// are price history: the prior price of a later promotion is the lowest price in effect in the 30
// days before it, and those days count. So an assignment that has run is ended (left_on, its last
// day; the trigger of migration 0018 shortens its days) and kept; only one that has not run yet is
// deleted. The exclusion constraint of migration 0008 still holds on the shortened days.

/**
 * The last day a product moved today into a promotion starting on `startsOn` stays in its old
 * promotion: the day before today, or before the new promotion starts if that is earlier.
 */
export function lastDayBefore(today: string, startsOn: string): string {
  return addDays(startsOn < today ? startsOn : today, -1);
}

/** Ends (or, if it has not run by `lastDay`, deletes) a product's assignment to a promotion. */
export async function leavePromotion(
  db: Queryable,
  storeId: string,
  promotionId: string,
  productId: string,
  lastDay: string,
) {
  const row = and(
    eq(promotionProduct.storeId, storeId),
    eq(promotionProduct.promotionId, promotionId),
    eq(promotionProduct.productId, productId),
  );
  await db
    .update(promotionProduct)
    .set({ leftOn: sql`least(coalesce(${promotionProduct.leftOn}, ${lastDay}::date), ${lastDay}::date)` })
    .where(and(row, sql`${promotionProduct.startsOn} <= ${lastDay}`));
  await db.delete(promotionProduct).where(and(row, sql`${promotionProduct.startsOn} > ${lastDay}`));
}

/**
 * Before a promotion is saved again with `productIds` on new days: the products taken out of it
 * keep the days they have run (to `lastDay`, when that is inside the new days); every other
 * assignment is removed, to be written again from the owner's list. An ended one of a product that
 * is back in the list is removed too: the product is simply in the promotion again.
 */
export async function clearForResave(
  db: Queryable,
  storeId: string,
  promotionId: string,
  productIds: string[],
  days: { startsOn: string; lastDay: string },
) {
  const mine = and(eq(promotionProduct.storeId, storeId), eq(promotionProduct.promotionId, promotionId));
  const leaving = and(
    mine,
    isNull(promotionProduct.leftOn),
    notInArray(promotionProduct.productId, productIds),
  );
  if (days.lastDay >= days.startsOn)
    await db
      .update(promotionProduct)
      .set({ leftOn: days.lastDay })
      .where(and(leaving, sql`${promotionProduct.startsOn} <= ${days.lastDay}`));
  await db
    .delete(promotionProduct)
    .where(
      and(
        mine,
        or(
          isNull(promotionProduct.leftOn),
          inArray(promotionProduct.productId, productIds),
          and(isNotNull(promotionProduct.leftOn), lt(promotionProduct.leftOn, days.startsOn)),
        ),
      ),
    );
}
