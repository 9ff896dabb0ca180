import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { storeBilling } from "~/db/schema/billing";
import { store } from "~/db/schema/stores";

// PRODUCT.md "Plans": once the trial (or the paid period) is over and nothing is paid,
// the store is inactive: its public page shows the inactive notice and its files answer 404
// (storeVisibility, decision 0022). The owner still reaches the dashboard to pay, and a payment
// reactivates the store at once (markTransactionPaid). The job runs under the advisory lock.

/**
 * Makes every public store whose trial and paid period are over inactive; returns how many.
 * `storeIds` narrows it to some stores (tests that share one PostgreSQL database with other files).
 */
export async function suspendExpiredStores({
  db,
  now,
  storeIds,
}: {
  db: Queryable;
  now: Date;
  storeIds?: string[];
}): Promise<number> {
  const due = await db
    .select({ id: store.id })
    .from(store)
    .leftJoin(storeBilling, eq(storeBilling.storeId, store.id))
    .where(
      and(
        eq(store.active, true),
        isNull(store.onboardingStep),
        isNotNull(store.trialEndsAt),
        lt(store.trialEndsAt, now),
        or(isNull(storeBilling.paidUntil), lt(storeBilling.paidUntil, now)),
        storeIds ? inArray(store.id, storeIds) : undefined,
      ),
    )
    .limit(500);
  for (const { id } of due) {
    await db.update(store).set({ active: false, updatedAt: now }).where(eq(store.id, id));
    await db
      .insert(storeBilling)
      .values({ storeId: id, suspendedAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: storeBilling.storeId, set: { suspendedAt: now, updatedAt: now } });
  }
  return due.length;
}

/** Whether the store is inactive because its plan is unpaid (not because an admin deactivated it). */
export async function isSuspendedForPayment(db: Queryable, storeId: string): Promise<boolean> {
  const [row] = await db
    .select({ suspended: sql<boolean>`${storeBilling.suspendedAt} is not null` })
    .from(storeBilling)
    .where(eq(storeBilling.storeId, storeId));
  return row?.suspended ?? false;
}
