import { sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { letOthersRun } from "~/db/let-others-run.server";
import type { ActivityType } from "~/db/schema/activity";
import { sqlArray, UNNEST_CHUNK } from "~/db/unnest";
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
  // Bulk actions log one row per product, in chunks of one statement each.
  for (let start = 0; start < all.length; start += UNNEST_CHUNK) {
    await insertChunk(db, all.slice(start, start + UNNEST_CHUNK));
    if (start + UNNEST_CHUNK < all.length) await letOthersRun();
  }
}

async function insertChunk(db: Queryable, rows: ActivityEntry[]): Promise<void> {
  if (rows.length === 0) return;
  // One statement of arrays, not a VALUES list: building 1,000 rows of parameters was a tenth of
  // a 20,000-row import's commit. The search text matches the name like the products search does.
  await db.execute(sql`
    insert into activity_log (store_id, actor_id, type, product_id, category_id, details, search_text)
    select u.store_id, u.actor_id, u.type, u.product_id, u.category_id, u.details, u.search
    from unnest(${sqlArray(rows.map((e) => e.storeId))}::uuid[], ${sqlArray(rows.map((e) => e.actorId))}::text[],
      ${sqlArray(rows.map((e) => e.type))}::text[], ${sqlArray(rows.map((e) => e.productId ?? null))}::uuid[],
      ${sqlArray(rows.map((e) => e.categoryId ?? null))}::uuid[],
      ${sqlArray(rows.map((e) => JSON.stringify(e.details ?? {})))}::jsonb[],
      ${sqlArray(rows.map((e) => searchTextOf(e.details ?? {})))}::text[])
      as u(store_id, actor_id, type, product_id, category_id, details, search)`);
}

/** The product name, or the names of a bulk deletion, as the activity search matches them. */
function searchTextOf(details: Record<string, unknown>): string {
  const names = Array.isArray(details.names) ? details.names : [details.name];
  return searchKey(names.filter((name) => typeof name === "string").join(" "));
}
