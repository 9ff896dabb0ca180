import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { jobRun } from "~/db/schema/compliance";
import { promotion } from "~/db/schema/promotions";
import { store } from "~/db/schema/stores";
import { addDays, skopjeDay } from "~/lib/calendar";

// A promotion that starts or ends changes the public page at that minute: Skopje
// midnight. Nothing in the database changes then, so no trigger moves store.version; this job
// does, once per store and day, and every instance drops that store's cached pages and held
// catalogue (decision 0016). It runs every minute of the first hour after midnight, so an
// instance that was down at 00:00 still catches up; the job_run rows make a repeat a no-op.

export const PROMOTION_BOUNDARY_JOB = "promotion-boundaries";

/** Moves the version of every store whose promotions start today or ended yesterday; returns how many. */
export async function invalidateAtPromotionBoundaries({
  db,
  now,
}: {
  db: Queryable;
  now: Date;
}): Promise<number> {
  const today = skopjeDay(now);
  const yesterday = addDays(today, -1);
  const rows = await db
    .selectDistinct({ storeId: promotion.storeId })
    .from(promotion)
    .where(
      and(eq(promotion.active, true), or(eq(promotion.startsOn, today), eq(promotion.endsOn, yesterday))),
    );
  if (rows.length === 0) return 0;
  const claimed = await db
    .insert(jobRun)
    .values(rows.map((row) => ({ name: PROMOTION_BOUNDARY_JOB, runKey: `${today}:${row.storeId}` })))
    .onConflictDoNothing()
    .returning({ runKey: jobRun.runKey });
  const storeIds = claimed.map((row) => row.runKey.slice(today.length + 1));
  if (storeIds.length === 0) return 0;
  await db
    .update(store)
    .set({ version: sql`${store.version} + 1` })
    .where(inArray(store.id, storeIds));
  return storeIds.length;
}
