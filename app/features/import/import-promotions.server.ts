// An import's discount columns as promotions (decision 0062): the rules a promotion must
// keep that need the catalogue — a category that forbids promotions, one active promotion per
// product — checked when the import is planned (each broken one a note on its line), then the
// promotions written through the promotions service inside the import's own transaction.

import { and, eq, gte, inArray, isNull } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { category, product } from "~/db/schema/catalog";
import { pointOfSale, promotionPointOfSale } from "~/db/schema/points-of-sale";
import { promotion, promotionProduct } from "~/db/schema/promotions";
import { setPromotionPointsOfSale } from "~/features/points-of-sale/overrides.server";
import { promotionDay } from "~/features/promotions/price-in-effect.server";
import {
  PROMOTION_PRODUCTS_MAX,
  type PromotionDetailValues,
  promotionIssues,
} from "~/features/promotions/promotion.schema";
import { savePromotion } from "~/features/promotions/promotion.server";
import { promotionalPrice } from "~/features/promotions/promotion-price";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { pointsOfSaleIndex } from "./point-of-sale-rows.server";
import type { ImportDiscount, ImportNote } from "./rows";

export type DiscountCandidate = {
  line: number;
  discount: ImportDiscount;
  /** The product the row updates; null: a new one. */
  productId: string | null;
  /** The product's category after the import, by its lower-case name. */
  categoryName: string | null;
  /** The product's price after the import (the promotion's discount is reckoned on it). */
  priceCents: number;
};

type DiscountEntry = { priceCents: number; discount: ImportDiscount };

/**
 * The details of the promotion discounts of one type and days become (decision 0062): each product
 * at its discount price (a custom price); the promotion's own discount is the smallest percentage
 * of its products, shown in its list.
 */
export function discountPromotionDetails(entries: DiscountEntry[]): PromotionDetailValues {
  const { type, startsOn, endsOn } = entries[0]!.discount;
  const percent = Math.min(
    ...entries.map((entry) =>
      Math.floor(((entry.priceCents - entry.discount.priceCents) * 100) / entry.priceCents),
    ),
  );
  return { type, discountType: "percentage", discountValue: Math.max(1, percent) * 100, startsOn, endsOn };
}

/**
 * The note of a discount whose promotion the wizard's own rules (promotionIssues, decision 0094)
 * refuse: a first day before today, a seasonal reduction outside its windows, days out of range.
 */
function refusedDiscount(line: number, details: PromotionDetailValues, today: string): ImportNote | null {
  const [issue] = promotionIssues(details, { today });
  if (!issue) return null;
  if (issue.message === "validation:startsBeforeToday")
    return { line, reason: "discountStartsBeforeToday", params: { date: details.startsOn } };
  if (issue.message === "validation:seasonalWindow")
    return { line, reason: "discountSeasonalWindow", params: {} };
  return {
    line,
    reason: "discountDurationInvalid",
    params: { value: `${details.startsOn} – ${details.endsOn}` },
  };
}

/** A promotion's points of sale as compared: sorted ids; none (or every open one) is "everywhere". */
const pointsKey = (ids: readonly string[], open: number) =>
  ids.length === 0 || ids.length >= open ? "" : [...new Set(ids)].sort().join(",");

/**
 * The ids of the points of sale a discount's cell names (decision 0105), or the names the store
 * does not have (another store's slug is one of them): a name that is none of them is read again
 * as several separated by commas.
 */
function resolvePoints(
  names: readonly string[],
  find: Awaited<ReturnType<typeof pointsOfSaleIndex>>["find"],
): { ids: string[]; unknown: string[] } {
  const ids: string[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const point = find(name);
    if (point) {
      ids.push(point.id);
      continue;
    }
    const parts = name
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const found = parts.map(find);
    if (parts.length > 1 && found.every(Boolean)) ids.push(...found.map((p) => p!.id));
    else unknown.push(name);
  }
  return { ids: [...new Set(ids)].sort(), unknown };
}

/** The open points of sale each of these promotions is limited to (none: every one). */
async function promotionPoints(db: Queryable, storeId: string, promotionIds: string[]) {
  const byPromotion = new Map<string, string[]>();
  if (promotionIds.length === 0) return byPromotion;
  const rows = await db
    .select({
      promotionId: promotionPointOfSale.promotionId,
      pointOfSaleId: promotionPointOfSale.pointOfSaleId,
    })
    .from(promotionPointOfSale)
    .innerJoin(
      pointOfSale,
      and(
        eq(pointOfSale.id, promotionPointOfSale.pointOfSaleId),
        eq(pointOfSale.storeId, storeId),
        isNull(pointOfSale.closedAt),
      ),
    )
    .where(
      and(eq(promotionPointOfSale.storeId, storeId), inArray(promotionPointOfSale.promotionId, promotionIds)),
    );
  for (const row of rows)
    byPromotion.set(row.promotionId, [...(byPromotion.get(row.promotionId) ?? []), row.pointOfSaleId]);
  return byPromotion;
}

export type DiscountPlan = {
  accepted: Set<number>;
  notes: ImportNote[];
  /** The points of sale each accepted discount is limited to, by line (none: everywhere). */
  pointOfSaleIds: Map<number, string[]>;
};

/**
 * Which rows' discounts can become promotions. A discount the product already has (same type, days,
 * promotional price and points of sale, in an active promotion; the export writes it so) is kept as
 * it is, neither written again nor noted. Other days, price or points of sale are noted, not applied
 * (decision 0076); so is a discount limited to a point of sale the store does not have: it never
 * becomes a promotion of every point of sale (decision 0105).
 */
export async function planDiscounts(
  db: Queryable,
  storeId: string,
  candidates: DiscountCandidate[],
  today: string,
): Promise<DiscountPlan> {
  const accepted = new Set<number>();
  const notes: ImportNote[] = [];
  const pointOfSaleIds = new Map<number, string[]>();
  if (candidates.length === 0) return { accepted, notes, pointOfSaleIds };
  const points = await pointsOfSaleIndex(db, storeId);
  const categories = await db
    .select({ name: category.name, forbidden: category.promotionsForbidden })
    .from(category)
    .where(eq(category.storeId, storeId));
  const forbiddenByName = new Map(
    categories.filter((c) => c.forbidden).map((c) => [c.name.toLowerCase(), c.name]),
  );
  const assignments = await db
    .select({
      productId: promotionProduct.productId,
      customPriceCents: promotionProduct.customPriceCents,
      priceCents: product.priceCents,
      discountType: promotion.discountType,
      discountValue: promotion.discountValue,
      promotionId: promotion.id,
      name: promotion.name,
      type: promotion.type,
      startsOn: promotionProduct.startsOn,
      endsOn: promotionProduct.endsOn,
    })
    .from(promotionProduct)
    .innerJoin(promotion, and(eq(promotion.id, promotionProduct.promotionId), eq(promotion.storeId, storeId)))
    .innerJoin(product, and(eq(product.id, promotionProduct.productId), eq(product.storeId, storeId)))
    .where(
      and(
        eq(promotionProduct.storeId, storeId),
        eq(promotionProduct.active, true),
        gte(promotionProduct.endsOn, today),
      ),
    );
  const byProduct = groupBy(assignments, (row) => row.productId);
  const limits = await promotionPoints(db, storeId, [...new Set(assignments.map((row) => row.promotionId))]);

  for (const candidate of candidates) {
    const { discount, line } = candidate;
    const forbidden =
      candidate.categoryName === null ? undefined : forbiddenByName.get(candidate.categoryName);
    if (forbidden !== undefined) {
      notes.push({ line, reason: "discountCategoryForbidden", params: { category: forbidden } });
      continue;
    }
    const limit = resolvePoints(discount.pointsOfSale ?? [], points.find);
    if (limit.unknown.length > 0) {
      notes.push({
        line,
        reason: "discountPointOfSaleUnknown",
        params: { pointOfSale: limit.unknown.join("; ") },
      });
      continue;
    }
    const wanted = pointsKey(limit.ids, points.count);
    if (wanted) pointOfSaleIds.set(line, limit.ids);
    const overlapping = (candidate.productId ? (byProduct.get(candidate.productId) ?? []) : []).filter(
      (row) => row.startsOn <= discount.endsOn && row.endsOn >= discount.startsOn,
    );
    if (overlapping.length === 0) {
      const refused = refusedDiscount(line, discountPromotionDetails([candidate]), today);
      if (refused) notes.push(refused);
      else accepted.add(line);
      continue;
    }
    const same = overlapping.some(
      (row) =>
        row.type === discount.type &&
        row.startsOn === discount.startsOn &&
        row.endsOn === discount.endsOn &&
        // The price the promotion gives it, custom or reckoned (an exported wizard promotion).
        promotionalPrice(row.priceCents, row, row.customPriceCents) === discount.priceCents &&
        pointsKey(limits.get(row.promotionId) ?? [], points.count) === wanted,
    );
    if (!same)
      notes.push({ line, reason: "discountInPromotion", params: { promotion: overlapping[0]!.name } });
  }
  return { accepted, notes, pointOfSaleIds };
}

/**
 * One promotion per type, days and points of sale, named after the file, each product at its discount price (a
 * custom price), through savePromotion in the caller's transaction (a savepoint: all or nothing).
 * Each is checked by the wizard's rules first (planDiscounts noted the rows they refuse).
 */
export async function writeDiscounts(
  ctx: StoreContext,
  entries: ({ productId: string } & DiscountEntry)[],
  fileName: string,
  today: string = promotionDay(),
): Promise<number> {
  // One promotion per type, days and points of sale (decision 0105).
  const groups = groupBy(entries, (entry) =>
    [
      entry.discount.type,
      entry.discount.startsOn,
      entry.discount.endsOn,
      (entry.discount.pointOfSaleIds ?? []).join(","),
    ].join(" "),
  );
  let promotions = 0;
  for (const group of groups.values()) {
    for (let start = 0; start < group.length; start += PROMOTION_PRODUCTS_MAX) {
      const part = group.slice(start, start + PROMOTION_PRODUCTS_MAX);
      const details = discountPromotionDetails(part);
      const [issue] = promotionIssues(details, { today });
      if (issue) throw new AppError("validation", { fields: { [issue.path]: issue.message } });
      const suffix = group.length > PROMOTION_PRODUCTS_MAX ? ` (${start / PROMOTION_PRODUCTS_MAX + 1})` : "";
      const saved = await savePromotion(ctx, {
        ...details,
        name: `${fileName.slice(0, 200) || "Import"}${suffix}`,
        move: false,
        products: part.map((entry) => ({
          productId: entry.productId,
          customPriceCents: entry.discount.priceCents,
        })),
      });
      const limit = part[0]!.discount.pointOfSaleIds ?? [];
      if (limit.length > 0) await setPromotionPointsOfSale(ctx, saved.id, limit);
      promotions++;
    }
  }
  return promotions;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
