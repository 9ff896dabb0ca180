import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { category, product } from "~/db/schema/catalog";
import { promotionPointOfSale } from "~/db/schema/points-of-sale";
import { promotion, promotionProduct } from "~/db/schema/promotions";
import { promotionalPrice } from "~/features/promotions/promotion-price";
import type { StoreContext } from "~/lib/service-context";

// Decision 0087: a product's row of the export carries the promotion running on the export's day
// (decision 0076), else its next scheduled one, so an export → import keeps a promotion the owner
// has planned. The same rules as a running one: a store-wide promotion (not limited to some points
// of sale), a category that allows promotions, a price really below the product's.

export type ScheduledPromotion = {
  productId: string;
  type: string;
  startsOn: string;
  endsOn: string;
  priceCents: number;
};

/** For each of these products, the first of its promotions that starts after `day`. */
export async function nextScheduledPromotions(
  ctx: StoreContext,
  productIds: string[],
  day: string,
): Promise<Map<string, ScheduledPromotion>> {
  const next = new Map<string, ScheduledPromotion>();
  if (productIds.length === 0) return next;
  const rows = await ctx.db
    .select({
      productId: promotionProduct.productId,
      type: promotion.type,
      startsOn: promotionProduct.startsOn,
      endsOn: promotionProduct.endsOn,
      customPriceCents: promotionProduct.customPriceCents,
      discountType: promotion.discountType,
      discountValue: promotion.discountValue,
      regularCents: product.priceCents,
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
        gt(promotionProduct.startsOn, day),
        isNull(promotionProduct.leftOn),
        isNull(promotion.deletedAt),
        sql`coalesce(${category.promotionsForbidden}, false) = false`,
        sql`not exists (select 1 from ${promotionPointOfSale} l where l.promotion_id = ${promotion.id})`,
      ),
    )
    .orderBy(asc(promotionProduct.startsOn));
  for (const row of rows) {
    if (next.has(row.productId)) continue;
    const priceCents = promotionalPrice(row.regularCents, row, row.customPriceCents);
    if (priceCents === null) continue;
    next.set(row.productId, {
      productId: row.productId,
      type: row.type,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      priceCents,
    });
  }
  return next;
}
