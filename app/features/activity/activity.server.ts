import { sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { letOthersRun } from "~/db/let-others-run.server";
import type { ActivityType } from "~/db/schema/activity";
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

/** Rows per statement: the arrays of unnest carry them as one parameter each (decision 0034). */
const CHUNK = 2000;

const array = (values: unknown[]) => sql.param(values);

/** Appends to the store's activity log; call it inside the transaction of the change it records. */
export async function recordActivity(db: Queryable, entries: ActivityEntry | ActivityEntry[]): Promise<void> {
  const all = Array.isArray(entries) ? entries : [entries];
  // Bulk actions log one row per product, in chunks of one statement each.
  for (let start = 0; start < all.length; start += CHUNK) {
    await insertChunk(db, all.slice(start, start + CHUNK));
    if (start + CHUNK < all.length) await letOthersRun();
  }
}

async function insertChunk(db: Queryable, rows: ActivityEntry[]): Promise<void> {
  if (rows.length === 0) return;
  // One statement of arrays, not a VALUES list: building 1,000 rows of parameters was a tenth of
  // a 20,000-row import's commit. The search text matches the name like the products search does.
  await db.execute(sql`
    insert into activity_log (store_id, actor_id, type, product_id, category_id, details, search_text)
    select u.store_id, u.actor_id, u.type, u.product_id, u.category_id, u.details, u.search
    from unnest(${array(rows.map((e) => e.storeId))}::uuid[], ${array(rows.map((e) => e.actorId))}::text[],
      ${array(rows.map((e) => e.type))}::text[], ${array(rows.map((e) => e.productId ?? null))}::uuid[],
      ${array(rows.map((e) => e.categoryId ?? null))}::uuid[],
      ${array(rows.map((e) => JSON.stringify(e.details ?? {})))}::jsonb[],
      ${array(rows.map((e) => searchTextOf(e.details ?? {})))}::text[])
      as u(store_id, actor_id, type, product_id, category_id, details, search)`);
}

/** The product name, or the names of a bulk deletion, as the activity search matches them. */
function searchTextOf(details: Record<string, unknown>): string {
  const names = Array.isArray(details.names) ? details.names : [details.name];
  return searchKey(names.filter((name) => typeof name === "string").join(" "));
}
