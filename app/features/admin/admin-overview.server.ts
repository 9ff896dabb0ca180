import { and, count, eq, gt, gte, isNull, lte, or, sql } from "drizzle-orm";
import { user } from "~/db/schema/auth";
import { storeBilling } from "~/db/schema/billing";
import { priceConfirmation } from "~/db/schema/compliance";
import { store } from "~/db/schema/stores";
import { listTransactions } from "~/features/billing/transactions.queries.server";
import { skopjeDay } from "~/lib/calendar";
import { STORE_STATES, type StoreState } from "./admin-params";
import { type AdminContext, storeStateSql } from "./admin-stores.server";

// The admin index: what needs a look today, in a handful of counts.

export type AdminOverview = {
  storesByState: Record<StoreState, number>;
  storesTotal: number;
  trialsEndingThisWeek: number;
  confirmationsMissedToday: number;
  newSignUpsThisWeek: number;
  pendingTransactions: number;
};

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export async function getAdminOverview(ctx: AdminContext): Promise<AdminOverview> {
  const now = ctx.now ?? new Date();
  const weekAhead = new Date(now.getTime() + WEEK_MS);
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const state = storeStateSql(now);
  const [byState, [ending], [missed], [signUps], pending] = await Promise.all([
    // By position: the CASE's parameter would make the GROUP BY a different expression.
    ctx.db
      .select({ state, n: count() })
      .from(store)
      .leftJoin(storeBilling, eq(storeBilling.storeId, store.id))
      .groupBy(sql`1`),
    ctx.db
      .select({ n: count() })
      .from(store)
      .leftJoin(storeBilling, eq(storeBilling.storeId, store.id))
      .where(
        and(
          eq(store.active, true),
          isNull(store.onboardingStep),
          gt(store.trialEndsAt, now),
          lte(store.trialEndsAt, weekAhead),
          or(isNull(storeBilling.paidUntil), lte(storeBilling.paidUntil, now)),
        ),
      ),
    ctx.db
      .select({ n: count() })
      .from(priceConfirmation)
      .where(and(eq(priceConfirmation.day, skopjeDay(now)), eq(priceConfirmation.status, "missed"))),
    ctx.db.select({ n: count() }).from(user).where(gte(user.createdAt, weekAgo)),
    listTransactions({ db: ctx.db, filter: { status: "pending" }, page: { page: 1, pageSize: 1 } }),
  ]);
  const storesByState = Object.fromEntries(STORE_STATES.map((key) => [key, 0])) as Record<StoreState, number>;
  for (const row of byState) storesByState[row.state] = row.n;
  return {
    storesByState,
    storesTotal: byState.reduce((sum, row) => sum + row.n, 0),
    trialsEndingThisWeek: ending?.n ?? 0,
    confirmationsMissedToday: missed?.n ?? 0,
    newSignUpsThisWeek: signUps?.n ?? 0,
    pendingTransactions: pending.total,
  };
}
