import { and, desc, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { type PRICE_SOURCES, priceHistory } from "~/db/schema/activity";
import type { StoreContext } from "~/lib/service-context";

export type PriceSource = (typeof PRICE_SOURCES)[number];

export type PriceChange = {
  productId: string;
  oldPriceCents: number | null;
  newPriceCents: number;
  source: PriceSource;
};

/** Append-only: every price change from any path lands here, in the transaction of the change. */
export async function recordPriceChanges(
  db: Queryable,
  storeId: string,
  actorId: string | null,
  changes: PriceChange[],
): Promise<void> {
  for (let start = 0; start < changes.length; start += 1000) {
    const chunk = changes.slice(start, start + 1000);
    await db.insert(priceHistory).values(chunk.map((change) => ({ ...change, storeId, actorId })));
  }
}

export async function listPriceHistory(ctx: StoreContext, productId: string, limit = 20) {
  return ctx.db
    .select({
      oldPriceCents: priceHistory.oldPriceCents,
      newPriceCents: priceHistory.newPriceCents,
      source: priceHistory.source,
      changedAt: priceHistory.changedAt,
    })
    .from(priceHistory)
    .where(and(eq(priceHistory.storeId, ctx.storeId), eq(priceHistory.productId, productId)))
    .orderBy(desc(priceHistory.changedAt))
    .limit(limit);
}
