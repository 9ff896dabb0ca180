import { type SQL, sql } from "drizzle-orm";
import { priceHistory } from "~/db/schema/activity";
import { product } from "~/db/schema/catalog";
import { promotionPointOfSale } from "~/db/schema/points-of-sale";
import { promotion, promotionProduct } from "~/db/schema/promotions";
import { PRIOR_PRICE_DAYS } from "~/features/promotions/promotion-constants";
import { STORE_TIME_ZONE } from "~/lib/dates";

// Decision 0096: the prior price at a point of sale follows that point's own prices, by the rule
// of the store's (`priorPriceSql`, decisions 0066, 0089): the lowest price in effect there during
// the 30 days before the promotion started — its regular price at the window's start, every
// regular price it had in the window, and its other promotions in those days (the store-wide ones
// and those limited to it), each reckoned on its regular prices of those days.

const midnight = (day: SQL | string) => sql`((${day})::date::timestamp at time zone ${STORE_TIME_ZONE})`;

type Options = {
  storeId: string;
  pointOfSaleId: string;
  productId: SQL | typeof product.id;
  startsOn: SQL | string;
  /** The promotion itself, left out of "other promotions". */
  promotionId: SQL | string | null;
  /** The point's own price now (its override row), for an own price set before its history began. */
  overridePriceCents: SQL;
};

/**
 * The point's regular price at instant `t`. Its rows in the price history (decision 0086) carry
 * its effective prices before and after each change of its own price; a row whose price equals the
 * store's price at that instant left it following the store's price (removed, or never set), so the
 * store's history answers from there. With no row of the point at all, its own price now, if any
 * (set before the history kept points), else the store's.
 */
function pointRegularAt(o: Options, t: SQL): SQL {
  const storeRows = sql`sh.store_id = ${o.storeId} and sh.product_id = ${o.productId} and sh.point_of_sale_id is null`;
  const storeAt = (at: SQL) => sql`coalesce(
      (select sh.new_price_cents from ${priceHistory} sh where ${storeRows} and sh.changed_at <= ${at} order by sh.changed_at desc limit 1),
      (select sh.old_price_cents from ${priceHistory} sh where ${storeRows} and sh.changed_at > ${at} order by sh.changed_at asc limit 1),
      (select sp.price_cents from ${product} sp where sp.id = ${o.productId} and sp.store_id = ${o.storeId}))`;
  const pointRows = sql`ph.store_id = ${o.storeId} and ph.product_id = ${o.productId} and ph.point_of_sale_id = ${o.pointOfSaleId}`;
  return sql`(case
    when exists (select 1 from ${priceHistory} ph where ${pointRows} and ph.changed_at <= ${t}) then (
      select case when ph.new_price_cents <> ${storeAt(sql`ph.changed_at`)} then ph.new_price_cents else ${storeAt(t)} end
      from ${priceHistory} ph where ${pointRows} and ph.changed_at <= ${t} order by ph.changed_at desc limit 1)
    when exists (select 1 from ${priceHistory} ph where ${pointRows}) then (
      select case when ph.old_price_cents <> ${storeAt(sql`ph.changed_at`)} then ph.old_price_cents else ${storeAt(t)} end
      from ${priceHistory} ph where ${pointRows} and ph.changed_at > ${t} order by ph.changed_at asc limit 1)
    else coalesce(${o.overridePriceCents}, ${storeAt(t)}) end)`;
}

/** The prior price of a product in a promotion starting on `startsOn`, at one point of sale. */
export function pointPriorPriceSql(o: Options): SQL<number | null> {
  const start = midnight(o.startsOn);
  const days = sql.raw(String(PRIOR_PRICE_DAYS));
  const windowStart = sql`(${start} - make_interval(days => ${days}))`;
  const windowStartDay = sql`((${o.startsOn})::date - ${days})`;
  // Every instant its regular price may have changed: a change of the store's price or of its own.
  const changes = sql`h.store_id = ${o.storeId} and h.product_id = ${o.productId}
    and (h.point_of_sale_id is null or h.point_of_sale_id = ${o.pointOfSaleId})`;
  const otherPromotion = o.promotionId === null ? sql`true` : sql`op.id <> (${o.promotionId})::uuid`;
  // A promotion runs at the point when it is limited to none or to this one (decision 0069).
  const runsHere = sql`(not exists (select 1 from ${promotionPointOfSale} l where l.promotion_id = op.id)
    or exists (select 1 from ${promotionPointOfSale} l where l.promotion_id = op.id and l.point_of_sale_id = ${o.pointOfSaleId}))`;
  // A stay begins when the product joined a promotion that had started (decisions 0098, 0104).
  const from = sql`greatest(${windowStart}, coalesce(opp.joined_at, ${midnight(sql`opp.starts_on`)}))`;
  const until = sql`case when opp.left_at is null then ${midnight(sql`opp.ends_on + 1`)}
    else greatest(${midnight(sql`opp.ends_on + 1`)}, least(opp.left_at, ${midnight(sql`op.ends_on + 1`)})) end`;
  const to = sql`least(${start}, ${until})`;
  const promotional = sql`coalesce(opp.custom_price_cents, r.regular - case when op.discount_type = 'percentage' then (r.regular * op.discount_value + 5000) / 10000 else op.discount_value end)`;
  return sql<number | null>`coalesce((select min(p) from (
      select ${pointRegularAt(o, windowStart)} as p
      union all
      (select ${pointRegularAt(o, sql`h.changed_at`)} from ${priceHistory} h
        where ${changes} and h.changed_at > ${windowStart} and h.changed_at < ${start})
      union all
      (select ${promotional}
        from ${promotionProduct} opp
        join ${promotion} op on op.id = opp.promotion_id and op.store_id = ${o.storeId}
        cross join lateral (
          select ${pointRegularAt(o, from)} as regular
          union all
          select ${pointRegularAt(o, sql`h.changed_at`)} from ${priceHistory} h where ${changes} and h.changed_at > ${from} and h.changed_at < ${to}
        ) r
        where opp.store_id = ${o.storeId} and opp.product_id = ${o.productId} and op.active and ${otherPromotion}
          and ${runsHere}
          and opp.starts_on < (${o.startsOn})::date and opp.ends_on >= ${windowStartDay} - 1 and ${from} < ${to}
          and ${promotional} < r.regular)
    ) as prices where p > 0),
    coalesce(${o.overridePriceCents}, (select sp.price_cents from ${product} sp where sp.id = ${o.productId} and sp.store_id = ${o.storeId})))`;
}
