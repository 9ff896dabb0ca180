import type { Queryable } from "~/db/client.server";
import { type ActivityType, activityLog } from "~/db/schema/activity";

export type ActivityEntry = {
  storeId: string;
  actorId: string | null;
  type: ActivityType;
  productId?: string | null;
  details?: Record<string, unknown>;
};

/** Appends to the store's activity log; call it inside the transaction of the change it records. */
export async function recordActivity(db: Queryable, entries: ActivityEntry | ActivityEntry[]): Promise<void> {
  const rows = Array.isArray(entries) ? entries : [entries];
  if (rows.length === 0) return;
  await db.insert(activityLog).values(
    rows.map((entry) => ({
      storeId: entry.storeId,
      actorId: entry.actorId,
      type: entry.type,
      productId: entry.productId ?? null,
      details: entry.details ?? {},
    })),
  );
}
