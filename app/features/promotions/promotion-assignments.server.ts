import { and, eq, isNotNull, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { isDeadlock, isExclusionViolation, isSerializationFailure, isUniqueViolation } from "~/db/errors";
import { promotionProduct } from "~/db/schema/promotions";
import { addDays } from "~/lib/calendar";

// How a product leaves a promotion (decision 0077). The days it has already spent in it
// are price history: the prior price of a later promotion is the lowest price in effect in the 30
// days before it, and those days count. So an assignment that has run is ended and kept: left_on,
// its last whole day (the trigger of migration 0018 shortens its days there), and left_at, the
// instant it left, since the product was on the public page in it until then on the day of the
// move too. On the promotion's first day that part of a day is all it had: its days then end the
// day before they start (migration 0023). Only an assignment whose promotion has not started yet is
// deleted. The exclusion constraint of migration 0008 still holds on the shortened days.

/**
 * A write that lost a product to another request (a product is in at most one active promotion): the
 * exclusion constraint refused it, or two writers waiting on each other's rows ended in a deadlock
 * or a serialization failure, or the same assignment was written twice at once.
 */
export function lostTheRace(error: unknown): boolean {
  return (
    isExclusionViolation(error) ||
    isDeadlock(error) ||
    isSerializationFailure(error) ||
    isUniqueViolation(error)
  );
}

/** When a product leaves a promotion: the day and instant of the move, and its last whole day there. */
export type Leaving = { today: string; now: Date; lastDay: string };

/**
 * The last day a product moved today into a promotion starting on `startsOn` stays in its old
 * promotion: the day before today, or before the new promotion starts if that is earlier. When it
 * joins a promotion that has started at this instant (`joinsNow`, an edit, decision 0098), its days
 * there begin today, so the days the old promotion showed it until yesterday stay the old one's.
 */
export function lastDayBefore(today: string, startsOn: string, joinsNow: boolean): string {
  return addDays(startsOn < today && !joinsNow ? startsOn : today, -1);
}

/** left_on of a kept row: `lastDay`, never before the day before its days start (no whole day). */
const leftOnSql = (lastDay: string) =>
  sql`greatest(${promotionProduct.startsOn} - 1, least(coalesce(${promotionProduct.leftOn}, ${lastDay}::date), ${lastDay}::date))`;
const leftAtSql = (now: Date) =>
  sql`least(coalesce(${promotionProduct.leftAt}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz)`;

/**
 * Ends (or, if its promotion has not started by today, deletes) a product's assignment to a
 * promotion: its current stay, and an ended one only where `lastDay` cuts it back (decision 0104).
 */
export async function leavePromotion(
  db: Queryable,
  storeId: string,
  promotionId: string,
  productId: string,
  leaving: Leaving,
) {
  const row = and(
    eq(promotionProduct.storeId, storeId),
    eq(promotionProduct.promotionId, promotionId),
    eq(promotionProduct.productId, productId),
  );
  await db
    .update(promotionProduct)
    .set({ leftOn: leftOnSql(leaving.lastDay), leftAt: leftAtSql(leaving.now) })
    .where(and(row, sql`${promotionProduct.startsOn} <= ${leaving.today}`));
  await db.delete(promotionProduct).where(and(row, sql`${promotionProduct.startsOn} > ${leaving.today}`));
}

/**
 * Before a promotion is saved again with `productIds` on days starting `startsOn`: the products
 * taken out of it keep the days they have run (to yesterday, and today until now); every other
 * assignment that has not started is removed. The rows of products that stay are kept (their own
 * first day, decision 0098); `addProducts` writes the new ones and the custom prices. An ended stay
 * of a product that is back in the list is kept as it is: the product begins a new stay now
 * (decision 0104). Ended ones that would fall before the new start are removed (the trigger could
 * not shorten them).
 */
export async function clearForResave(
  db: Queryable,
  storeId: string,
  promotionId: string,
  productIds: string[],
  days: { startsOn: string; leaving: Leaving },
) {
  const { today, now } = days.leaving;
  const lastDay = addDays(today, -1);
  const mine = and(eq(promotionProduct.storeId, storeId), eq(promotionProduct.promotionId, promotionId));
  const leaving = and(
    mine,
    isNull(promotionProduct.leftOn),
    notInArray(promotionProduct.productId, productIds),
  );
  await db
    .update(promotionProduct)
    .set({ leftOn: leftOnSql(lastDay), leftAt: leftAtSql(now) })
    .where(and(leaving, sql`${promotionProduct.startsOn} <= ${today}`));
  await db
    .delete(promotionProduct)
    .where(
      and(
        mine,
        or(
          and(isNull(promotionProduct.leftOn), notInArray(promotionProduct.productId, productIds)),
          and(isNotNull(promotionProduct.leftOn), lt(promotionProduct.leftOn, addDays(days.startsOn, -1))),
        ),
      ),
    );
}

/** Every product still in a promotion leaves it (the promotion is deleted, decision 0089). */
export async function endAssignments(db: Queryable, storeId: string, promotionId: string, leaving: Leaving) {
  const mine = and(eq(promotionProduct.storeId, storeId), eq(promotionProduct.promotionId, promotionId));
  await db
    .update(promotionProduct)
    .set({ leftOn: leftOnSql(leaving.lastDay), leftAt: leftAtSql(leaving.now) })
    .where(and(mine, isNull(promotionProduct.leftOn), sql`${promotionProduct.startsOn} <= ${leaving.today}`));
  await db
    .delete(promotionProduct)
    .where(and(mine, isNull(promotionProduct.leftOn), sql`${promotionProduct.startsOn} > ${leaving.today}`));
}
