import { and, desc, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { priceSnapshot } from "~/db/schema/compliance";
import { skopjeDay } from "~/features/confirmation/calendar";
import type { Store } from "~/features/stores/store.server";
import { buildPriceList } from "./price-list.server";
import { toCsv, toJson } from "./serialize";

/** How long the dated archive answers; older snapshots may be pruned (issue 6: at least 400 days). */
export const ARCHIVE_DAYS = 400;
/**
 * How long snapshots are actually kept before the retention job deletes them: the promise plus a
 * margin (docs/decisions/0010-snapshot-retention.md).
 */
export const SNAPSHOT_RETENTION_DAYS = 430;

/** Stores the price list exactly as it is public now, as that Skopje day's latest snapshot. */
export async function archivePriceList(
  db: Queryable,
  store: Pick<Store, "id" | "username" | "name" | "companyName" | "active" | "updatedAt">,
  kind: "confirmation" | "day_end",
  now: Date,
): Promise<void> {
  const list = await buildPriceList(db, store);
  await db.insert(priceSnapshot).values({
    storeId: store.id,
    day: skopjeDay(now),
    kind,
    productCount: list.products.length,
    csv: toCsv(list),
    json: toJson(list),
    createdAt: now,
  });
}

/** The last snapshot taken on that day: what was public at the day's end (or its last confirmation). */
export async function getSnapshot(db: Queryable, storeId: string, day: string) {
  const [row] = await db
    .select({ csv: priceSnapshot.csv, json: priceSnapshot.json, createdAt: priceSnapshot.createdAt })
    .from(priceSnapshot)
    .where(and(eq(priceSnapshot.storeId, storeId), eq(priceSnapshot.day, day)))
    .orderBy(desc(priceSnapshot.createdAt))
    .limit(1);
  return row ?? null;
}

/** The most recent archived days of a store, newest first. */
export async function listArchivedDays(db: Queryable, storeId: string, limit = 14): Promise<string[]> {
  const rows = await db
    .selectDistinct({ day: priceSnapshot.day })
    .from(priceSnapshot)
    .where(eq(priceSnapshot.storeId, storeId))
    .orderBy(desc(priceSnapshot.day))
    .limit(limit);
  return rows.map((row) => row.day);
}
