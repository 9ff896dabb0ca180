import { and, asc, eq, sql } from "drizzle-orm";
import { category, product } from "~/db/schema/catalog";
import { promotion, promotionProduct } from "~/db/schema/promotions";
import { byName } from "~/features/catalog/product.queries.server";
import { isValidDay } from "~/lib/calendar";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import { priorPrices, promotionDay } from "./price-in-effect.server";

// What the promotion wizard (Details → Products → Review, decision 0039) reads: the store's products to
// choose from, and the prior prices of a selection for the review.

/** Enough for any shop's wizard in one page; a larger store searches the first ones by name. */
export const WIZARD_PRODUCT_LIMIT = 5_000;

export type WizardProduct = {
  id: string;
  name: string;
  priceCents: number;
  categoryId: string | null;
  searchText: string;
  /** The active promotions (running or to come) it is in now, by name: moving asks first. */
  inPromotions: string[];
  forbidden: boolean;
};

/** The store's active products in name order, with the promotions each is in from today on. */
export async function listWizardProducts(ctx: StoreContext, now?: Date): Promise<WizardProduct[]> {
  const day = promotionDay(now);
  const rows = await ctx.db
    .select({
      id: product.id,
      name: product.name,
      priceCents: product.priceCents,
      categoryId: product.categoryId,
      searchText: product.searchText,
      forbidden: sql<boolean>`coalesce(${category.promotionsForbidden}, false)`,
      inPromotions: sql<string[]>`coalesce((select array_agg(${promotion.name} order by ${promotion.startsOn})
        from ${promotionProduct} join ${promotion} on ${promotion.id} = ${promotionProduct.promotionId}
        where ${promotionProduct.storeId} = ${ctx.storeId} and ${promotionProduct.productId} = ${product.id}
          and ${promotionProduct.active} and ${promotionProduct.endsOn} >= ${day}), '{}')`,
    })
    .from(product)
    .leftJoin(category, and(eq(category.id, product.categoryId), eq(category.storeId, ctx.storeId)))
    .where(and(eq(product.storeId, ctx.storeId), eq(product.status, "active")))
    .orderBy(...byName())
    .limit(WIZARD_PRODUCT_LIMIT);
  return rows;
}

/** The store's categories for the wizard's filter. */
export async function listWizardCategories(ctx: StoreContext) {
  return ctx.db
    .select({ id: category.id, name: category.name })
    .from(category)
    .where(eq(category.storeId, ctx.storeId))
    .orderBy(asc(category.position), asc(category.name));
}

/** The review's prior prices (`?prior=<day>&ids=a,b`), only for the store's own products. */
export async function reviewPriorPrices(
  ctx: StoreContext,
  params: URLSearchParams,
  promotionId: string | null,
): Promise<Record<string, number> | null> {
  const day = params.get("prior") ?? "";
  if (!isValidDay(day)) return null;
  const ids = (params.get("ids") ?? "").split(",").filter(isUuid).slice(0, WIZARD_PRODUCT_LIMIT);
  return priorPrices(ctx.db, ctx.storeId, ids, day, promotionId);
}
