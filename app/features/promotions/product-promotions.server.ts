import { and, countDistinct, desc, eq, inArray, sql } from "drizzle-orm";
import { promotion, promotionProduct } from "~/db/schema/promotions";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import { promotionDay } from "./price-in-effect.server";
import { promotionState } from "./promotion-price";

// A product's promotions as the catalogue shows them: the "in promotion" count
// of the products list and the promotions listed on the product form.

/** How many running or scheduled promotions each product is in (the products list's column). */
export async function promotionCounts(ctx: StoreContext, productIds: string[], now?: Date) {
  const result = new Map<string, number>();
  if (productIds.length === 0) return result;
  const rows = await ctx.db
    // A promotion once, whatever its stays (decision 0104).
    .select({ productId: promotionProduct.productId, value: countDistinct(promotionProduct.promotionId) })
    .from(promotionProduct)
    .where(
      and(
        eq(promotionProduct.storeId, ctx.storeId),
        inArray(promotionProduct.productId, productIds),
        eq(promotionProduct.active, true),
        sql`${promotionProduct.endsOn} >= ${promotionDay(now)}`,
      ),
    )
    .groupBy(promotionProduct.productId);
  for (const row of rows) result.set(row.productId, row.value);
  return result;
}

/** A product's promotions, newest first, with its days and state there today (the product form). */
export async function listProductPromotions(ctx: StoreContext, productId: string, now?: Date) {
  if (!isUuid(productId)) return [];
  const day = promotionDay(now);
  // One line per promotion, however many stays the product had in it (decision 0104): its last day
  // there, and the custom price of its latest stay.
  const endsOn = sql<string>`max(${promotionProduct.endsOn})::text`;
  const rows = await ctx.db
    .select({
      promotion,
      customPriceCents: sql<number | null>`(array_agg(${promotionProduct.customPriceCents}
        order by ${promotionProduct.endsOn} desc, ${promotionProduct.startsOn} desc))[1]`.mapWith((value) =>
        value === null ? null : Number(value),
      ),
      endsOn,
    })
    .from(promotionProduct)
    .innerJoin(
      promotion,
      and(eq(promotion.id, promotionProduct.promotionId), eq(promotion.storeId, ctx.storeId)),
    )
    .where(and(eq(promotionProduct.storeId, ctx.storeId), eq(promotionProduct.productId, productId)))
    .groupBy(promotion.id)
    .orderBy(desc(promotion.startsOn), desc(endsOn));
  // A product moved out of a promotion shows its own days there (decision 0077); moved out on the
  // promotion's first day, that day.
  return rows.map((row) => {
    const noWholeDay = row.endsOn < row.promotion.startsOn;
    const endsOn = noWholeDay ? row.promotion.startsOn : row.endsOn;
    return {
      ...row.promotion,
      endsOn,
      deleted: row.promotion.deletedAt !== null,
      customPriceCents: row.customPriceCents,
      state: promotionState({ ...row.promotion, endsOn }, day),
    };
  });
}
