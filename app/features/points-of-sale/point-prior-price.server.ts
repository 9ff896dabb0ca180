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
//
// Decision 0145: the statement names each table a few times, not once per instant and branch.
// Every instant the rule looks at (the window's start, each change in it, each other promotion's
// first instant and each change in its days) is one row of `instants`, and the point's regular
// price is reckoned once, in one lateral subquery over those rows. Written out per instant and per
// branch, as it was, the planner expanded some ninety subqueries (each with the tenancy wall's
// policies, decision 0083) and spent over 100 ms (up to 900 ms on a busy machine) planning a list of
// four products.

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

/** The store's price of the product at instant `at`: its last change by then, else the old price of its first one after, else its price now. */
function storePriceAt(o: Options, at: SQL): SQL {
  const storeRows = sql`sh.store_id = ${o.storeId} and sh.product_id = ${o.productId} and sh.point_of_sale_id is null`;
  return sql`coalesce(
      (select sh.new_price_cents from ${priceHistory} sh where ${storeRows} and sh.changed_at <= ${at} order by sh.changed_at desc limit 1),
      (select sh.old_price_cents from ${priceHistory} sh where ${storeRows} and sh.changed_at > ${at} order by sh.changed_at asc limit 1),
      (select sp.price_cents from ${product} sp where sp.id = ${o.productId} and sp.store_id = ${o.storeId}))`;
}

/**
 * The point's regular price at instant `t`, as a lateral subquery with one column, `regular`. Its
 * rows in the price history (decision 0086) carry its effective prices before and after each
 * change of its own price; a row whose price equals the store's price at that instant left it
 * following the store's price (removed, or never set), so the store's history answers from there.
 * The row that speaks for `t` is its last one by then (its new price), else its first one after
 * (its old price). With no row of the point at all, its own price now, if any (set before the
 * history kept points), else the store's. Each `offset 0` keeps a subquery whose column is read
 * more than once from being merged into its reader, which would copy its subqueries to each read.
 */
function pointRegularAt(o: Options, t: SQL): SQL {
  const pointRows = sql`ph.store_id = ${o.storeId} and ph.product_id = ${o.productId} and ph.point_of_sale_id = ${o.pointOfSaleId}`;
  return sql`(select case
      when own.changed_at is null then coalesce(${o.overridePriceCents}, store_now.price)
      when own.price_cents <> ${storePriceAt(o, sql`own.changed_at`)} then own.price_cents
      else store_now.price end as regular
    from (select ${storePriceAt(o, t)} as price offset 0) store_now
    left join lateral (
      select speaking.changed_at, speaking.price_cents from (
        (select ph.changed_at, ph.new_price_cents as price_cents, 0 as side from ${priceHistory} ph
          where ${pointRows} and ph.changed_at <= ${t} order by ph.changed_at desc limit 1)
        union all
        (select ph.changed_at, ph.old_price_cents, 1 from ${priceHistory} ph
          where ${pointRows} and ph.changed_at > ${t} order by ph.changed_at asc limit 1)
      ) speaking order by speaking.side limit 1
    ) own on true
    offset 0)`;
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
  // An instant of the point's own days (no promotion: the regular price counts), or of another
  // promotion's stay (its price on that instant's regular price counts, when really lower).
  const instants = sql`(
      select ${windowStart} as at, null::bigint as custom_price_cents, null::text as discount_type, null::bigint as discount_value
      union all
      (select h.changed_at, null, null, null from ${priceHistory} h
        where ${changes} and h.changed_at > ${windowStart} and h.changed_at < ${start})
      union all
      (select stay.at, opp.custom_price_cents, op.discount_type, op.discount_value
        from ${promotionProduct} opp
        join ${promotion} op on op.id = opp.promotion_id and op.store_id = ${o.storeId}
        cross join lateral (
          select ${from} as at
          union all
          select h.changed_at from ${priceHistory} h where ${changes} and h.changed_at > ${from} and h.changed_at < ${to}
        ) stay
        where opp.store_id = ${o.storeId} and opp.product_id = ${o.productId} and op.active and ${otherPromotion}
          and ${runsHere}
          and opp.starts_on < (${o.startsOn})::date and opp.ends_on >= ${windowStartDay} - 1 and ${from} < ${to})
    ) i`;
  const promotional = sql`coalesce(i.custom_price_cents, r.regular - case when i.discount_type = 'percentage' then (r.regular * i.discount_value + 5000) / 10000 else i.discount_value end)`;
  return sql<number | null>`coalesce((select min(p) from (
      select case when i.discount_type is null then r.regular
        when ${promotional} < r.regular then ${promotional} end as p
      from ${instants}
      cross join lateral ${pointRegularAt(o, sql`i.at`)} r
    ) as prices where p > 0),
    coalesce(${o.overridePriceCents}, (select sp.price_cents from ${product} sp where sp.id = ${o.productId} and sp.store_id = ${o.storeId})))`;
}
