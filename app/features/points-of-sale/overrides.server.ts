import { and, eq, isNull } from "drizzle-orm";
import { product } from "~/db/schema/catalog";
import type { Availability } from "~/db/schema/catalog-enums";
import { pointOfSale, pointOfSaleProduct, promotionPointOfSale } from "~/db/schema/points-of-sale";
import { promotion } from "~/db/schema/promotions";
import { recordActivity } from "~/features/activity/activity.server";
import { type PriceSource, recordPriceChanges } from "~/features/pricing/price-history.server";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import { getPointOfSale } from "./point-of-sale.server";

// Decision 0069: a point of sale's own price and availability of a product, a product
// left out there, and promotions limited to some points of sale. Prices stay store-wide unless a
// point of sale overrides them; the public lists read these rows through publicProductsQuery.

export type Override = {
  pointOfSaleId: string;
  productId: string;
  /** Null: the store's price. */
  priceCents: number | null;
  /** Null: the store's availability. */
  availability: Availability | null;
  excluded: boolean;
};

export type OverrideChange = {
  pointOfSaleId: string;
  productId: string;
  /** Left out: unchanged; null: follow the store again. */
  priceCents?: number | null;
  availability?: Availability | null;
  excluded?: boolean;
  /** Where the change came from, for the price history (default: the dashboard's form). */
  source?: PriceSource;
};

/** An override's columns as every reader selects them (the dashboard, the API, the import). */
export const overrideColumns = {
  pointOfSaleId: pointOfSaleProduct.pointOfSaleId,
  productId: pointOfSaleProduct.productId,
  priceCents: pointOfSaleProduct.priceCents,
  availability: pointOfSaleProduct.availability,
  excluded: pointOfSaleProduct.excluded,
};

async function productOf(ctx: StoreContext, productId: string) {
  if (!isUuid(productId)) throw new AppError("notFound");
  const [row] = await ctx.db
    .select({
      id: product.id,
      name: product.name,
      priceCents: product.priceCents,
      availability: product.availability,
      categoryId: product.categoryId,
    })
    .from(product)
    .where(and(eq(product.storeId, ctx.storeId), eq(product.id, productId)));
  if (!row) throw new AppError("notFound");
  return row;
}

/** Every override the store's points of sale hold for one of its products. */
export async function listProductOverrides(ctx: StoreContext, productId: string): Promise<Override[]> {
  await productOf(ctx, productId);
  return ctx.db
    .select(overrideColumns)
    .from(pointOfSaleProduct)
    .where(and(eq(pointOfSaleProduct.storeId, ctx.storeId), eq(pointOfSaleProduct.productId, productId)));
}

/** Every override of one point of sale (the export, the API's per-point-of-sale list). */
export async function listPointOfSaleOverrides(
  ctx: StoreContext,
  pointOfSaleId: string,
): Promise<Override[]> {
  await getPointOfSale(ctx, pointOfSaleId);
  return ctx.db
    .select(overrideColumns)
    .from(pointOfSaleProduct)
    .where(
      and(eq(pointOfSaleProduct.storeId, ctx.storeId), eq(pointOfSaleProduct.pointOfSaleId, pointOfSaleId)),
    );
}

/**
 * Sets what `change` names of a product's override at a point of sale; an override left with
 * nothing of its own is deleted. Both ids must be the store's. Writes, in the same transaction, a
 * price-history row with the point of sale (decision 0086: the legal record of what the point
 * charged, and whether it sold the product) and an activity row (old → new, like a store-wide change).
 */
export async function setOverride(ctx: StoreContext, change: OverrideChange): Promise<Override | null> {
  const point = await getPointOfSale(ctx, change.pointOfSaleId);
  const item = await productOf(ctx, change.productId);
  if (change.priceCents !== undefined && change.priceCents !== null) {
    if (!Number.isSafeInteger(change.priceCents) || change.priceCents <= 0) {
      throw new AppError("validation", { fields: { price: "validation:priceInvalid" } });
    }
  }
  return ctx.db.transaction(async (tx) => {
    const where = and(
      eq(pointOfSaleProduct.storeId, ctx.storeId),
      eq(pointOfSaleProduct.pointOfSaleId, point.id),
      eq(pointOfSaleProduct.productId, item.id),
    );
    const [before] = await tx.select().from(pointOfSaleProduct).where(where).for("update");
    const next = {
      priceCents: change.priceCents !== undefined ? change.priceCents : (before?.priceCents ?? null),
      availability: change.availability !== undefined ? change.availability : (before?.availability ?? null),
      excluded: change.excluded !== undefined ? change.excluded : (before?.excluded ?? false),
    };
    const empty = next.priceCents === null && next.availability === null && !next.excluded;
    let saved: Override | null = null;
    if (empty) {
      if (before) await tx.delete(pointOfSaleProduct).where(where);
    } else {
      const [row] = await tx
        .insert(pointOfSaleProduct)
        .values({ storeId: ctx.storeId, pointOfSaleId: point.id, productId: item.id, ...next })
        .onConflictDoUpdate({
          target: [pointOfSaleProduct.pointOfSaleId, pointOfSaleProduct.productId],
          set: { ...next, updatedAt: new Date() },
        })
        .returning(overrideColumns);
      saved = row!;
    }
    const oldPrice = before?.priceCents ?? item.priceCents;
    const newPrice = next.priceCents ?? item.priceCents;
    const common = {
      storeId: ctx.storeId,
      actorId: ctx.actor.userId,
      productId: item.id,
      categoryId: item.categoryId,
    };
    const availabilityChanged = (before?.availability ?? null) !== next.availability;
    const exclusionChanged = (before?.excluded ?? false) !== next.excluded;
    if (oldPrice !== newPrice || availabilityChanged || exclusionChanged) {
      await recordPriceChanges(tx, ctx.storeId, ctx.actor.userId, [
        {
          productId: item.id,
          oldPriceCents: oldPrice,
          newPriceCents: newPrice,
          source: change.source ?? "form",
          pointOfSaleId: point.id,
          availability: next.availability ?? item.availability,
          excluded: next.excluded,
        },
      ]);
    }
    if (oldPrice !== newPrice) {
      await recordActivity(tx, {
        ...common,
        type: "price_updated",
        details: {
          name: item.name,
          oldPriceCents: oldPrice,
          newPriceCents: newPrice,
          pointOfSale: point.name,
        },
      });
    }
    if (availabilityChanged || exclusionChanged) {
      await recordActivity(tx, {
        ...common,
        type: "product_updated",
        details: {
          name: item.name,
          pointOfSale: point.name,
          availability: next.availability,
          excluded: next.excluded,
        },
      });
    }
    return saved;
  });
}

/** The point of sale follows the store again for this product: its price, availability, presence. */
export function clearOverride(ctx: StoreContext, pointOfSaleId: string, productId: string) {
  return setOverride(ctx, {
    pointOfSaleId,
    productId,
    priceCents: null,
    availability: null,
    excluded: false,
  });
}

/** The product is not sold at this point of sale: it leaves that point's public list. */
export function excludeProduct(ctx: StoreContext, pointOfSaleId: string, productId: string) {
  return setOverride(ctx, { pointOfSaleId, productId, excluded: true });
}

export function includeProduct(ctx: StoreContext, pointOfSaleId: string, productId: string) {
  return setOverride(ctx, { pointOfSaleId, productId, excluded: false });
}

/** The points of sale a promotion is limited to; empty: it runs at every one. */
export async function getPromotionPointsOfSale(ctx: StoreContext, promotionId: string): Promise<string[]> {
  if (!isUuid(promotionId)) throw new AppError("notFound");
  const rows = await ctx.db
    .select({ id: promotionPointOfSale.pointOfSaleId })
    .from(promotionPointOfSale)
    .where(
      and(eq(promotionPointOfSale.storeId, ctx.storeId), eq(promotionPointOfSale.promotionId, promotionId)),
    );
  return rows.map((row) => row.id);
}

/**
 * Limits a promotion to some of the store's points of sale. None, or every one, means "everywhere"
 * (stored as no rows), so the store-wide list shows it and a point of sale opened later gets it.
 */
export async function setPromotionPointsOfSale(
  ctx: StoreContext,
  promotionId: string,
  pointOfSaleIds: string[],
): Promise<string[]> {
  if (!isUuid(promotionId)) throw new AppError("notFound");
  const wanted = [...new Set(pointOfSaleIds)];
  if (wanted.some((id) => !isUuid(id))) throw new AppError("notFound");
  return ctx.db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: promotion.id })
      .from(promotion)
      // A deleted promotion is history (decision 0089): where it ran is no longer the owner's to change.
      .where(
        and(eq(promotion.storeId, ctx.storeId), eq(promotion.id, promotionId), isNull(promotion.deletedAt)),
      );
    if (!owned) throw new AppError("notFound");
    const points = await tx
      .select({ id: pointOfSale.id })
      .from(pointOfSale)
      .where(and(eq(pointOfSale.storeId, ctx.storeId), isNull(pointOfSale.closedAt)));
    const ours = new Set(points.map((row) => row.id));
    if (wanted.some((id) => !ours.has(id))) throw new AppError("notFound");
    const limited = wanted.length === 0 || wanted.length === ours.size ? [] : wanted;
    await tx
      .delete(promotionPointOfSale)
      .where(
        and(eq(promotionPointOfSale.storeId, ctx.storeId), eq(promotionPointOfSale.promotionId, promotionId)),
      );
    if (limited.length > 0) {
      await tx
        .insert(promotionPointOfSale)
        .values(limited.map((id) => ({ storeId: ctx.storeId, promotionId, pointOfSaleId: id })));
    }
    return limited;
  });
}

/** Whether some point of sale's list can differ from the store's (the archive then keeps each). */
export async function hasPointOfSaleDifferences(ctx: Pick<StoreContext, "db" | "storeId">): Promise<boolean> {
  const points = await ctx.db
    .select({ id: pointOfSale.id })
    .from(pointOfSale)
    .where(and(eq(pointOfSale.storeId, ctx.storeId), isNull(pointOfSale.closedAt)))
    .limit(2);
  if (points.length > 1) return true;
  const [override] = await ctx.db
    .select({ id: pointOfSaleProduct.productId })
    .from(pointOfSaleProduct)
    .where(eq(pointOfSaleProduct.storeId, ctx.storeId))
    .limit(1);
  return Boolean(override);
}
