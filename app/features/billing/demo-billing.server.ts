import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { store } from "~/db/schema/stores";
import { choosePlan } from "./payment.server";

/** Days of free trial the demo store has left when it is seeded: the trial is shown, no banner yet. */
export const DEMO_TRIAL_DAYS_LEFT = 20;

/**
 * The demo store is in its free month and has chosen the monthly plan, so a
 * newcomer sees a trial with days remaining and one pending transaction (with its invoice) in the
 * dashboard and in the admin's transactions.
 */
export async function seedDemoBilling(db: Db, demo: { storeId: string; userId: string }, now: Date) {
  const trialEndsAt = new Date(now.getTime() + DEMO_TRIAL_DAYS_LEFT * 86_400_000);
  await db.update(store).set({ trialEndsAt }).where(eq(store.id, demo.storeId));
  return choosePlan(
    { db, storeId: demo.storeId, actor: { userId: demo.userId } },
    { plan: "monthly", method: "bank_transfer" },
    now,
  );
}
