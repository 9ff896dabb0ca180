import { and, eq, lt, sql } from "drizzle-orm";
import { activityLog } from "~/db/schema/activity";
import { product } from "~/db/schema/catalog";
import { jobRun, priceConfirmation, priceSnapshot } from "~/db/schema/compliance";
import { promotion } from "~/db/schema/promotions";
import { store } from "~/db/schema/stores";
import { publicStoreCondition } from "~/features/stores/public-store.server";
import type { JobContext } from "~/jobs/scheduler.server";
import { addDays, CONFIRMATION_DEADLINE_HOUR, skopjeDay, skopjeHour, skopjeInstant } from "~/lib/calendar";
import { logger } from "~/lib/logger.server";
import { archivePriceList } from "./snapshot.server";

/** Whether anything that shapes a store's public list changed at or after `since`. */
function changedSince(storeId: string, since: Date) {
  const at = since.toISOString();
  return sql<boolean>`(
    exists (select 1 from ${activityLog} where ${activityLog.storeId} = ${storeId} and ${activityLog.createdAt} >= ${at})
    or exists (select 1 from ${product} where ${product.storeId} = ${storeId} and ${product.updatedAt} >= ${at})
    or exists (select 1 from ${promotion} where ${promotion.storeId} = ${storeId} and ${promotion.updatedAt} >= ${at})
    or exists (select 1 from ${priceConfirmation} where ${priceConfirmation.storeId} = ${storeId} and ${priceConfirmation.answeredAt} >= ${at}))`;
}

/**
 * Decision 0080: the day-end archive of yesterday for stores whose 23:55 run never happened (the
 * instance was down past midnight, e.g. a restart at 23:58). Runs at start-up and until 10:00. The
 * list is built as at yesterday's last instant, which is exactly what was public then only while
 * nothing of the store changed since midnight; a store that did change keeps its last snapshot of
 * that day (its confirmation) as the day's record, and the gap is logged once (decision 0080).
 */
export async function snapshotMissedDayEnd({ db, now }: JobContext): Promise<number> {
  if (skopjeHour(now) >= CONFIRMATION_DEADLINE_HOUR) return 0;
  const day = addDays(skopjeDay(now), -1);
  const dayEnd = new Date(skopjeInstant(skopjeDay(now), 0, 0).getTime() - 1);
  const stores = await db
    .select()
    .from(store)
    .where(
      and(
        publicStoreCondition(),
        lt(store.createdAt, dayEnd),
        sql`not exists (select 1 from ${priceSnapshot} where ${priceSnapshot.storeId} = ${store.id} and ${priceSnapshot.day} = ${day} and ${priceSnapshot.kind} = 'day_end')`,
      ),
    );
  let archived = 0;
  for (const row of stores) {
    const [{ changed } = { changed: true }] = await db
      .select({ changed: changedSince(row.id, dayEnd) })
      .from(store)
      .where(eq(store.id, row.id));
    if (changed || row.updatedAt >= dayEnd) {
      const [first] = await db
        .insert(jobRun)
        .values({ name: "price-list-day-end-gap", runKey: `${day}:${row.id}` })
        .onConflictDoNothing()
        .returning();
      if (first) logger.warn({ storeId: row.id, day }, "day-end archive missed; the store changed since");
      continue;
    }
    await archivePriceList(db, row, "day_end", now, dayEnd);
    archived++;
  }
  return archived;
}
