import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "~/db/client.server";
import { priceHistory } from "~/db/schema/activity";
import { category, product } from "~/db/schema/catalog";
import { pointOfSaleProduct, promotionPointOfSale } from "~/db/schema/points-of-sale";
import { promotion, promotionProduct } from "~/db/schema/promotions";
import { pointPriorPriceSql } from "~/features/points-of-sale/point-prior-price.server";
import { skopjeDay } from "~/lib/calendar";
import { getClock } from "~/lib/clock.server";
import { STORE_TIME_ZONE } from "~/lib/dates";
import { PRIOR_PRICE_DAYS } from "./promotion-constants";

// Prices in effect (decision 0038): the one rule for what a product costs at an instant.
// product.price_cents is the regular price; while a promotion runs (its Skopje days, active flag,
// the category not barred from promotions, a price that is really lower) the promotional price is
// in effect. Every public path (page, feeds, PDF, archive, API) reads prices through
// `priceInEffectColumns`, which `publicProductsQuery` joins; `pricesInEffect` answers the same for
// a list of product ids (the dashboard, the tests).

/** The promotional price of a product whose price is `base` under `promotion` and its assignment (promotion-price.ts in SQL). */
const promotionalPriceOf = (base: SQL) =>
  sql`coalesce(${promotionProduct.customPriceCents}, ${base} - case when ${promotion.discountType} = 'percentage' then (${base} * ${promotion.discountValue} + 5000) / 10000 else ${promotion.discountValue} end)`;

/**
 * Decision 0069: a point of sale's own prices. `pointOfSaleId` null is the store-wide
 * list. The alias is the point's override row of the product (left-joined by `overrideJoin`).
 */
export type PointOfSaleOverride = ReturnType<typeof overrideAlias>;
export const overrideAlias = (name: string) => alias(pointOfSaleProduct, name);

/** The join condition of `override` on the product at the point of sale. */
export function overrideJoin(storeId: string, pointOfSaleId: string, override: PointOfSaleOverride): SQL {
  return and(
    eq(override.storeId, storeId),
    eq(override.pointOfSaleId, pointOfSaleId),
    eq(override.productId, product.id),
  )!;
}

/** The product's regular price at the point of sale: its override, else the store's price. */
export function basePriceSql(override: PointOfSaleOverride | null): SQL {
  return override ? sql`coalesce(${override.priceCents}, ${product.priceCents})` : sql`${product.priceCents}`;
}

/**
 * A promotion runs at a point of sale when it is limited to none (it runs everywhere) or to that
 * one; the store-wide list shows only the promotions limited to none.
 */
function promotionRunsAt(pointOfSaleId: string | null): SQL {
  const unlimited = sql`not exists (select 1 from ${promotionPointOfSale} l where l.promotion_id = ${promotion.id})`;
  if (pointOfSaleId === null) return unlimited;
  return sql`(${unlimited} or exists (select 1 from ${promotionPointOfSale} l where l.promotion_id = ${promotion.id} and l.point_of_sale_id = ${pointOfSaleId}))`;
}

/** The Skopje midnight that begins `day` (a date expression), as a timestamptz. */
export const skopjeMidnightSql = (day: SQL | string) =>
  sql`((${day})::date::timestamp at time zone ${STORE_TIME_ZONE})`;

/**
 * The store's promotions running on `day` (YYYY-MM-DD in Skopje), one row per product: the
 * exclusion constraint of migration 0008 allows no second active one on the same day.
 */
export function runningPromotions(
  db: Queryable,
  storeId: string,
  day: string,
  pointOfSaleId: string | null = null,
) {
  const override = pointOfSaleId ? overrideAlias("running_override") : null;
  const promotionalPriceSql = promotionalPriceOf(basePriceSql(override));
  const base = basePriceSql(override);
  const query = db
    .select({
      productId: sql<string>`${promotionProduct.productId}`.as("running_product_id"),
      promotionId: sql<string>`${promotion.id}`.as("running_promotion_id"),
      promotionType: sql<string>`${promotion.type}`.as("running_type"),
      startsOn: sql<string>`${promotion.startsOn}`.as("running_starts_on"),
      endsOn: sql<string>`${promotion.endsOn}`.as("running_ends_on"),
      promoPriceCents: sql<number>`${promotionalPriceSql}`.as("running_price_cents"),
    })
    .from(promotionProduct)
    .innerJoin(promotion, and(eq(promotion.id, promotionProduct.promotionId), eq(promotion.storeId, storeId)))
    .innerJoin(product, and(eq(product.id, promotionProduct.productId), eq(product.storeId, storeId)))
    .leftJoin(category, and(eq(category.id, product.categoryId), eq(category.storeId, storeId)));
  const joined =
    override && pointOfSaleId
      ? query.leftJoin(override, overrideJoin(storeId, pointOfSaleId, override))
      : query;
  return joined
    .where(
      and(
        eq(promotionProduct.storeId, storeId),
        eq(promotionProduct.active, true),
        sql`${promotionProduct.startsOn} <= ${day}`,
        sql`${promotionProduct.endsOn} >= ${day}`,
        // A government ban on promotions of a category takes effect at once.
        sql`coalesce(${category.promotionsForbidden}, false) = false`,
        sql`${promotionalPriceSql} > 0 and ${promotionalPriceSql} < ${base}`,
        promotionRunsAt(pointOfSaleId),
      ),
    )
    .as("running");
}

export type RunningPromotions = ReturnType<typeof runningPromotions>;

/**
 * The prior price (PRODUCT.md "Beyond the specification" 2, EU Omnibus practice): the lowest price
 * in effect during the PRIOR_PRICE_DAYS days before the promotion started, from the price history
 * (the regular price at the window's start and every regular price set in it) and the product's
 * other promotions in those days, each reckoned on the regular prices of its own days there (the
 * price when its days in the window began and every price set during them; decision 0066). With no
 * history at all, the regular price.
 */
export function priorPriceSql(options: {
  storeId: string;
  productId: SQL | typeof product.id;
  startsOn: SQL | string;
  /** The promotion itself, left out of "other promotions" (null for a new one). */
  promotionId: SQL | string | null;
}): SQL<number | null> {
  const { storeId, productId } = options;
  const start = skopjeMidnightSql(options.startsOn);
  const days = sql.raw(String(PRIOR_PRICE_DAYS));
  const windowStart = sql`(${start} - make_interval(days => ${days}))`;
  const windowStartDay = sql`((${options.startsOn})::date - ${days})`;
  // The store's own prices: a point of sale's rows (decision 0086) are its prices, not the store's.
  const same = sql`h.store_id = ${storeId} and h.product_id = ${productId} and h.point_of_sale_id is null`;
  const otherPromotion =
    options.promotionId === null ? sql`true` : sql`op.id <> (${options.promotionId})::uuid`;
  // The other promotion's days inside the window, as instants [from, to): the assignment's days,
  // which end early for a product moved out of it (decision 0077) — at the instant it left, so the
  // part of the day of the move it spent there counts too — never after the promotion's;
  // and begin when the product joined a promotion that had started (joined_at, decision 0098).
  const from = sql`greatest(${windowStart}, coalesce(opp.joined_at, ${skopjeMidnightSql(sql`opp.starts_on`)}))`;
  const until = sql`case when opp.left_at is null then ${skopjeMidnightSql(sql`opp.ends_on + 1`)}
    else greatest(${skopjeMidnightSql(sql`opp.ends_on + 1`)}, least(opp.left_at, ${skopjeMidnightSql(sql`op.ends_on + 1`)})) end`;
  const to = sql`least(${start}, ${until})`;
  const regularThen = sql`coalesce(
      (select h.new_price_cents from ${priceHistory} h where ${same} and h.changed_at <= ${from} order by h.changed_at desc limit 1),
      (select h.old_price_cents from ${priceHistory} h where ${same} and h.changed_at > ${from} order by h.changed_at asc limit 1),
      (select pr.price_cents from ${product} pr where pr.id = ${productId} and pr.store_id = ${storeId}))`;
  const promotional = sql`coalesce(opp.custom_price_cents, r.regular - case when op.discount_type = 'percentage' then (r.regular * op.discount_value + 5000) / 10000 else op.discount_value end)`;
  // `offset 0` keeps the regular prices `r` a subquery of their own (decision 0145): merged into
  // the promotion's, the subqueries of `regularThen` would be copied to each place that reads
  // r.regular, and planned once per copy.
  return sql<number | null>`coalesce((select min(p) from (
      (select h.new_price_cents as p from ${priceHistory} h where ${same} and h.changed_at <= ${windowStart} order by h.changed_at desc limit 1)
      union all
      (select h.old_price_cents from ${priceHistory} h where ${same} and h.changed_at > ${windowStart} order by h.changed_at asc limit 1)
      union all
      (select h.new_price_cents from ${priceHistory} h where ${same} and h.changed_at > ${windowStart} and h.changed_at < ${start})
      union all
      (select ${promotional}
        from ${promotionProduct} opp
        join ${promotion} op on op.id = opp.promotion_id and op.store_id = ${storeId}
        cross join lateral (
          select ${regularThen} as regular
          union all
          select h.new_price_cents from ${priceHistory} h where ${same} and h.changed_at > ${from} and h.changed_at < ${to}
          offset 0
        ) r
        where opp.store_id = ${storeId} and opp.product_id = ${productId} and op.active and ${otherPromotion}
          and opp.starts_on < (${options.startsOn})::date and opp.ends_on >= ${windowStartDay} - 1 and ${from} < ${to}
          and ${promotional} < r.regular)
    ) as prices where p > 0), (select pr.price_cents from ${product} pr where pr.id = ${productId} and pr.store_id = ${storeId}))`;
}

/** The Skopje day of `at`, the day promotions are reckoned by. */
export function promotionDay(at: Date = getClock().now()): string {
  return skopjeDay(at);
}

/**
 * What a product row shows of its price at the day of `running` (spread over the projection of a
 * query that left-joins `running` on the product): the price in effect, the regular price (struck
 * through while a promotion runs; otherwise the owner's own regular price, decision 0040), and the
 * running promotion's type, days and prior price.
 */
export function priceInEffectColumns(
  storeId: string,
  running: RunningPromotions,
  /** At a point of sale: its override row of the product (decision 0069), left-joined by the query. */
  override: PointOfSaleOverride | null = null,
  pointOfSaleId: string | null = null,
) {
  const promoted = isNotNull(running.productId);
  const base = basePriceSql(override);
  // The owner's own struck-through regular price belongs to the store's price; an overridden price has none.
  const ownRegular = override
    ? sql`case when ${override.priceCents} is null then ${product.regularPriceCents} end`
    : sql`${product.regularPriceCents}`;
  const promotionOf = {
    storeId,
    productId: product.id,
    startsOn: sql`${running.startsOn}`,
    promotionId: sql`${running.promotionId}`,
  };
  // At a point of sale, its own prices' 30 days (decision 0096).
  const prior =
    override && pointOfSaleId
      ? pointPriorPriceSql({ ...promotionOf, pointOfSaleId, overridePriceCents: sql`${override.priceCents}` })
      : priorPriceSql(promotionOf);
  return {
    priceCents: sql<number>`coalesce(${running.promoPriceCents}, ${base})`.mapWith(Number),
    regularPriceCents: sql<number | null>`case when ${promoted} then ${base} else ${ownRegular} end`.mapWith(
      (value) => (value === null ? null : Number(value)),
    ),
    promotionId: sql<string | null>`${running.promotionId}`,
    promotionType: sql<string | null>`${running.promotionType}`,
    promotionStartsOn: sql<string | null>`${running.startsOn}::text`,
    promotionEndsOn: sql<string | null>`${running.endsOn}::text`,
    priorPriceCents: sql<number | null>`case when ${promoted} then ${prior} end`.mapWith((value) =>
      value === null ? null : Number(value),
    ),
  };
}

export type PriceInEffect = {
  productId: string;
  /** The regular price (product.price_cents). */
  regularCents: number;
  /** What the product costs at the instant: promotional while a promotion runs. */
  priceCents: number;
  promotion: { id: string; type: string; startsOn: string; endsOn: string; priorPriceCents: number } | null;
};

/** The prices in effect of some of the store's products at `at` (default: the clock's now). */
export async function pricesInEffect(
  db: Queryable,
  storeId: string,
  productIds: string[],
  at: Date = getClock().now(),
): Promise<Map<string, PriceInEffect>> {
  const result = new Map<string, PriceInEffect>();
  if (productIds.length === 0) return result;
  const running = runningPromotions(db, storeId, promotionDay(at));
  const columns = priceInEffectColumns(storeId, running);
  const rows = await db
    .select({
      id: product.id,
      regularCents: product.priceCents,
      priceCents: columns.priceCents,
      promotionId: columns.promotionId,
      promotionType: columns.promotionType,
      startsOn: columns.promotionStartsOn,
      endsOn: columns.promotionEndsOn,
      priorPriceCents: columns.priorPriceCents,
    })
    .from(product)
    .leftJoin(running, eq(running.productId, product.id))
    .where(and(eq(product.storeId, storeId), inArray(product.id, productIds)));
  for (const row of rows) {
    result.set(row.id, {
      productId: row.id,
      regularCents: row.regularCents,
      priceCents: row.priceCents,
      promotion: row.promotionId
        ? {
            id: row.promotionId,
            type: row.promotionType!,
            startsOn: row.startsOn!,
            endsOn: row.endsOn!,
            priorPriceCents: row.priorPriceCents!,
          }
        : null,
    });
  }
  return result;
}

/**
 * The prior price each product would show in a promotion starting on `startsOn` (the wizard's
 * review): the same rule as the public page, before the promotion exists.
 */
export async function priorPrices(
  db: Queryable,
  storeId: string,
  productIds: string[],
  startsOn: string,
  promotionId: string | null,
): Promise<Record<string, number>> {
  if (productIds.length === 0) return {};
  const rows = await db
    .select({
      id: product.id,
      // Qualified by hand: a one-table select names its columns bare, and the subquery has its own ids.
      prior: priorPriceSql({ storeId, productId: sql.raw('"product"."id"'), startsOn, promotionId }).mapWith(
        Number,
      ),
    })
    .from(product)
    .where(and(eq(product.storeId, storeId), inArray(product.id, productIds)));
  return Object.fromEntries(rows.map((row) => [row.id, row.prior]));
}
