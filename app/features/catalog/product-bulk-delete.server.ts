import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { product } from "~/db/schema/catalog";
import { recordActivity } from "~/features/activity/activity.server";
import { byNameOrder } from "~/lib/name-order";
import type { StoreContext } from "~/lib/service-context";
import type { Queryable } from "./product-bulk-price.server";

// A bulk delete is confirmed by the server too, as a bulk price change is (decision 0047,
// after 0032). Without the browser's dialog, the first post only answers what would be deleted and
// a digest of exactly those products; the confirmation deletes only while that digest still holds.

export type DeletePreview = {
  /** Products the selection covers: all of them would be deleted. */
  selected: number;
  /** The first few names in alphabetical order. */
  examples: string[];
  /** Digest of the selected products' ids: the confirmation carries it back. */
  plan: string;
};

export const DELETE_EXAMPLES = 5;

type Row = { id: string; name: string };

function digestOf(rows: Row[]): string {
  const ids = rows
    .map((row) => row.id)
    .sort()
    .join("\n");
  return createHash("sha256").update(ids).digest("hex");
}

function rowsQuery(db: Queryable, where: SQL) {
  return db
    .select({ id: product.id, name: product.name })
    .from(product)
    .where(where)
    .orderBy(byNameOrder(product.nameOrder), product.id);
}

/** What a bulk delete would remove: reads only, deletes nothing. */
export async function previewDeletion(db: Queryable, where: SQL): Promise<DeletePreview> {
  const rows = await rowsQuery(db, where);
  return {
    selected: rows.length,
    examples: rows.slice(0, DELETE_EXAMPLES).map((row) => row.name),
    plan: digestOf(rows),
  };
}

type Tx = Parameters<Parameters<StoreContext["db"]["transaction"]>[0]>[0];

export type DeleteResult = { count: number; skipped: number; failed: number } | { stale: true };

/**
 * Deletes the selection inside the caller's transaction, with one activity row (count, names,
 * deletedAt). With `expected` (the digest the owner confirmed) the rows are locked first and nothing
 * is deleted unless they are exactly the confirmed ones; without it the browser's dialog confirmed.
 */
export async function deleteSelection(
  tx: Tx,
  ctx: StoreContext,
  where: SQL,
  expected: string | null,
): Promise<DeleteResult> {
  if (expected !== null) {
    const rows = await rowsQuery(tx, where).for("update");
    if (digestOf(rows) !== expected) return { stale: true };
  }
  const deleted = await tx.delete(product).where(where).returning({ id: product.id, name: product.name });
  if (deleted.length > 0) {
    await recordActivity(tx, {
      storeId: ctx.storeId,
      actorId: ctx.actor.userId,
      type: "products_bulk_deleted",
      details: {
        count: deleted.length,
        names: deleted.map((row) => row.name),
        deletedAt: new Date().toISOString(),
      },
    });
  }
  return { count: deleted.length, skipped: 0, failed: 0 };
}
