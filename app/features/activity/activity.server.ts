import type { Queryable } from "~/db/client.server";
import { letOthersRun } from "~/db/let-others-run.server";
import { type ActivityType, activityLog } from "~/db/schema/activity";
import { searchKey } from "~/lib/transliterate";

export type ActivityEntry = {
  storeId: string;
  actorId: string | null;
  type: ActivityType;
  productId?: string | null;
  /** The product's category at the time of the change, for the activity page's filter. */
  categoryId?: string | null;
  details?: Record<string, unknown>;
};

/** Appends to the store's activity log; call it inside the transaction of the change it records. */
export async function recordActivity(db: Queryable, entries: ActivityEntry | ActivityEntry[]): Promise<void> {
  const all = Array.isArray(entries) ? entries : [entries];
  // Bulk actions log one row per product: chunks keep each INSERT under PostgreSQL's parameter limit.
  for (let start = 0; start < all.length; start += 1000) {
    await insertChunk(db, all.slice(start, start + 1000));
    if (start + 1000 < all.length) await letOthersRun();
  }
}

async function insertChunk(db: Queryable, rows: ActivityEntry[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(activityLog).values(
    rows.map((entry) => ({
      storeId: entry.storeId,
      actorId: entry.actorId,
      type: entry.type,
      productId: entry.productId ?? null,
      categoryId: entry.categoryId ?? null,
      details: entry.details ?? {},
      // The product search of the activity page matches the name like the products search does.
      searchText: searchTextOf(entry.details ?? {}),
    })),
  );
}

/** The product name, or the names of a bulk deletion, as the activity search matches them. */
function searchTextOf(details: Record<string, unknown>): string {
  const names = Array.isArray(details.names) ? details.names : [details.name];
  return searchKey(names.filter((name) => typeof name === "string").join(" "));
}
