import { and, asc, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import { category, product } from "~/db/schema/catalog";
import { pointOfSale, promotionPointOfSale } from "~/db/schema/points-of-sale";
import { promotion, promotionProduct } from "~/db/schema/promotions";
import { promotionalPrice } from "~/features/promotions/promotion-price";
import type { StoreContext } from "~/lib/service-context";

// The promotion a product's row of the export carries when no store-wide one runs on the export's
// day (decision 0076): one running only at some points of sale (decision 0105), else the product's
// next scheduled one (decision 0087), so an export → import keeps what the owner has set or planned.
// The same rules as a running one: a category that allows promotions, a price really below the
// product's. A limited promotion names its open points of sale; one whose points are all closed
// runs nowhere and is not written.

export type OtherPromotion = {
  productId: string;
  type: string;
  startsOn: string;
  endsOn: string;
  priceCents: number;
  /** The slugs of the open points of sale it is limited to; empty: every one. */
  pointsOfSale: string[];
};

const limited = sql`exists (select 1 from ${promotionPointOfSale} l where l.promotion_id = ${promotion.id})`;

/**
 * For each of these products, the first of its promotions that has not ended by `day` and is
 * either limited to some points of sale or starts after `day` (a store-wide one running on `day`
 * is the export's own column).
 */
export async function otherPromotions(
  ctx: StoreContext,
  productIds: string[],
  day: string,
): Promise<Map<string, OtherPromotion>> {
  const next = new Map<string, OtherPromotion>();
  if (productIds.length === 0) return next;
  const rows = await ctx.db
    .select({
      productId: promotionProduct.productId,
      promotionId: promotion.id,
      type: promotion.type,
      startsOn: promotionProduct.startsOn,
      endsOn: promotionProduct.endsOn,
      customPriceCents: promotionProduct.customPriceCents,
      discountType: promotion.discountType,
      discountValue: promotion.discountValue,
      regularCents: product.priceCents,
      limited: sql<boolean>`${limited}`,
    })
    .from(promotionProduct)
    .innerJoin(
      promotion,
      and(eq(promotion.id, promotionProduct.promotionId), eq(promotion.storeId, ctx.storeId)),
    )
    .innerJoin(product, and(eq(product.id, promotionProduct.productId), eq(product.storeId, ctx.storeId)))
    .leftJoin(category, and(eq(category.id, product.categoryId), eq(category.storeId, ctx.storeId)))
    .where(
      and(
        eq(promotionProduct.storeId, ctx.storeId),
        inArray(promotionProduct.productId, productIds),
        eq(promotionProduct.active, true),
        gte(promotionProduct.endsOn, day),
        or(sql`${promotionProduct.startsOn} > ${day}`, limited),
        isNull(promotionProduct.leftOn),
        isNull(promotion.deletedAt),
        sql`coalesce(${category.promotionsForbidden}, false) = false`,
      ),
    )
    .orderBy(asc(promotionProduct.startsOn));
  const points = await openPointsOf(
    ctx,
    rows.filter((row) => row.limited).map((row) => row.promotionId),
  );
  for (const row of rows) {
    if (next.has(row.productId)) continue;
    const priceCents = promotionalPrice(row.regularCents, row, row.customPriceCents);
    if (priceCents === null) continue;
    const slugs = row.limited ? (points.get(row.promotionId) ?? []) : [];
    if (row.limited && slugs.length === 0) continue;
    next.set(row.productId, {
      productId: row.productId,
      type: row.type,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      priceCents,
      pointsOfSale: slugs,
    });
  }
  return next;
}

/** The slugs of the open points of sale each of these promotions is limited to, in the store's order. */
async function openPointsOf(ctx: StoreContext, promotionIds: string[]): Promise<Map<string, string[]>> {
  const byPromotion = new Map<string, string[]>();
  if (promotionIds.length === 0) return byPromotion;
  const rows = await ctx.db
    .select({ promotionId: promotionPointOfSale.promotionId, slug: pointOfSale.slug })
    .from(promotionPointOfSale)
    .innerJoin(
      pointOfSale,
      and(
        eq(pointOfSale.id, promotionPointOfSale.pointOfSaleId),
        eq(pointOfSale.storeId, ctx.storeId),
        isNull(pointOfSale.closedAt),
      ),
    )
    .where(
      and(
        eq(promotionPointOfSale.storeId, ctx.storeId),
        inArray(promotionPointOfSale.promotionId, [...new Set(promotionIds)]),
      ),
    )
    .orderBy(asc(pointOfSale.position), asc(pointOfSale.createdAt), asc(pointOfSale.id));
  for (const row of rows)
    byPromotion.set(row.promotionId, [...(byPromotion.get(row.promotionId) ?? []), row.slug]);
  return byPromotion;
}

/** Whether some promotion of the store that has not ended is limited to some points of sale. */
export async function hasLimitedPromotions(ctx: StoreContext, day: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: promotionPointOfSale.promotionId })
    .from(promotionPointOfSale)
    .innerJoin(
      promotion,
      and(eq(promotion.id, promotionPointOfSale.promotionId), eq(promotion.storeId, ctx.storeId)),
    )
    .where(
      and(
        eq(promotionPointOfSale.storeId, ctx.storeId),
        isNull(promotion.deletedAt),
        gte(promotion.endsOn, day),
      ),
    )
    .limit(1);
  return Boolean(row);
}
