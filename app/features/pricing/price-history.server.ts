import { and, desc, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { letOthersRun } from "~/db/let-others-run.server";
import { type PRICE_SOURCES, priceHistory } from "~/db/schema/activity";
import type { Availability } from "~/db/schema/catalog-enums";
import { pointOfSale } from "~/db/schema/points-of-sale";
import type { StoreContext } from "~/lib/service-context";

export type PriceSource = (typeof PRICE_SOURCES)[number];

export type PriceChange = {
  productId: string;
  oldPriceCents: number | null;
  newPriceCents: number;
  source: PriceSource;
  /**
   * Decision 0086: a change at one point of sale; the prices are its effective prices
   * (its own, else the store's), availability and excluded what held there after the change.
   */
  pointOfSaleId?: string | null;
  availability?: Availability | null;
  excluded?: boolean | null;
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
    if (start + 1000 < changes.length) await letOthersRun();
  }
}

/** A product's price history, newest first: the store's prices and each point of sale's own changes. */
export async function listPriceHistory(ctx: StoreContext, productId: string, limit = 20) {
  return ctx.db
    .select({
      oldPriceCents: priceHistory.oldPriceCents,
      newPriceCents: priceHistory.newPriceCents,
      source: priceHistory.source,
      changedAt: priceHistory.changedAt,
      pointOfSale: pointOfSale.name,
      availability: priceHistory.availability,
      excluded: priceHistory.excluded,
    })
    .from(priceHistory)
    .leftJoin(
      pointOfSale,
      and(eq(pointOfSale.storeId, priceHistory.storeId), eq(pointOfSale.id, priceHistory.pointOfSaleId)),
    )
    .where(and(eq(priceHistory.storeId, ctx.storeId), eq(priceHistory.productId, productId)))
    .orderBy(desc(priceHistory.changedAt))
    .limit(limit);
}
