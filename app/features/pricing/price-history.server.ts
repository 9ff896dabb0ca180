import { and, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { letOthersRun } from "~/db/let-others-run.server";
import { type PRICE_SOURCES, priceHistory } from "~/db/schema/activity";
import type { Availability } from "~/db/schema/catalog-enums";
import { pointOfSale } from "~/db/schema/points-of-sale";
import { sqlArray, UNNEST_CHUNK } from "~/db/unnest";
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
  for (let start = 0; start < changes.length; start += UNNEST_CHUNK) {
    const chunk = changes.slice(start, start + UNNEST_CHUNK);
    // One statement of arrays, not a VALUES list: building 1,000 rows of parameters was a tenth
    // of a 20,000-row import's commit.
    await db.execute(sql`
      insert into price_history (store_id, actor_id, product_id, old_price_cents, new_price_cents, source,
        point_of_sale_id, availability, excluded)
      select ${storeId}::uuid, ${actorId}::text, u.product_id, u.old_price, u.new_price, u.source,
        u.point_of_sale_id, u.availability, u.excluded
      from unnest(${sqlArray(chunk.map((c) => c.productId))}::uuid[],
        ${sqlArray(chunk.map((c) => c.oldPriceCents))}::bigint[], ${sqlArray(chunk.map((c) => c.newPriceCents))}::bigint[],
        ${sqlArray(chunk.map((c) => c.source))}::text[], ${sqlArray(chunk.map((c) => c.pointOfSaleId ?? null))}::uuid[],
        ${sqlArray(chunk.map((c) => c.availability ?? null))}::text[], ${sqlArray(chunk.map((c) => c.excluded ?? null))}::boolean[])
        as u(product_id, old_price, new_price, source, point_of_sale_id, availability, excluded)`);
    if (start + UNNEST_CHUNK < changes.length) await letOthersRun();
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
