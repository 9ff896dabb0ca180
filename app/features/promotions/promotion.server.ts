import {
  and,
  asc,
  countDistinct,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { category, product } from "~/db/schema/catalog";
import { promotion, promotionProduct } from "~/db/schema/promotions";
import { AppError, isAppError } from "~/lib/app-error";
import { addDays } from "~/lib/calendar";
import { getClock } from "~/lib/clock.server";
import { formatMoneyInput, type MoneyLocale } from "~/lib/money";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import { promotionDay } from "./price-in-effect.server";
import type { PromotionInput, StartRule } from "./promotion.schema";
import {
  clearForResave,
  endAssignments,
  lastDayBefore,
  leavePromotion,
  lostTheRace,
} from "./promotion-assignments.server";
import type { PromotionState } from "./promotion-constants";
import { promotionalPrice, promotionState } from "./promotion-price";
import { hasRun, keepsItsRecord } from "./promotion-record-rules";

// Promotions (decision 0038): every read and write filtered by the owner's store.
// The rule "a product is in at most one active promotion" is the database's (the exclusion
// constraint of migration 0008); the service asks before moving a product and turns a
// lost race into a clear answer.

export type PromotionRow = typeof promotion.$inferSelect;
export type PromotionListItem = PromotionRow & {
  productCount: number;
  state: PromotionState;
  /** Its first day has come: deleting or deactivating it keeps it as history (decisions 0089, 0093). */
  started: boolean;
  /** Off, and may be switched on: its first day has not passed and it never ran (decision 0093). */
  canActivate: boolean;
  /** The Skopje day it was deactivated after its start (decision 0093). */
  deactivatedOn: string | null;
};

/** The SQL condition of a state on `day` (promotionState in SQL), for the list's filter. */
function stateWhere(state: PromotionState, day: string, storeId: string): SQL {
  // A promotion deactivated after its start keeps its flag (its days count) but is off (decision 0093).
  const on = and(eq(promotion.active, true), isNull(promotion.deactivatedAt))!;
  if (state === "inactive") return or(eq(promotion.active, false), isNotNull(promotion.deactivatedAt))!;
  if (state === "ended") return and(on, sql`${promotion.endsOn} < ${day}`)!;
  const hasProducts = sql`exists (select 1 from ${promotionProduct} pp where pp.store_id = ${storeId} and pp.promotion_id = ${promotion.id} and pp.left_on is null)`;
  const notOver = and(on, sql`${promotion.endsOn} >= ${day}`)!;
  if (state === "empty") return and(notOver, sql`not ${hasProducts}`)!;
  if (state === "scheduled") return and(notOver, sql`${promotion.startsOn} > ${day}`, hasProducts)!;
  return and(notOver, sql`${promotion.startsOn} <= ${day}`, hasProducts)!;
}

/** A running or scheduled promotion with no products left is "empty" (decision 0066). */
function listState(row: PromotionRow, productCount: number, day: string): PromotionState {
  const state = promotionState(row, day);
  return productCount === 0 && (state === "active" || state === "scheduled") ? "empty" : state;
}

/** The store's promotions, newest start first, each with its product count and state today. */
export async function listPromotions(
  ctx: StoreContext,
  options: { state?: PromotionState | ""; now?: Date } = {},
): Promise<PromotionListItem[]> {
  const day = promotionDay(options.now);
  const counts = ctx.db
    // A product once, though an ended stay of it may lie beside its current one (decision 0104).
    .select({
      promotionId: promotionProduct.promotionId,
      value: countDistinct(promotionProduct.productId).as("value"),
    })
    .from(promotionProduct)
    .where(and(eq(promotionProduct.storeId, ctx.storeId), isNull(promotionProduct.leftOn)))
    .groupBy(promotionProduct.promotionId)
    .as("counts");
  const rows = await ctx.db
    .select({ promotion, productCount: sql<number>`coalesce(${counts.value}, 0)::int` })
    .from(promotion)
    .leftJoin(counts, eq(counts.promotionId, promotion.id))
    .where(
      and(
        eq(promotion.storeId, ctx.storeId),
        isNull(promotion.deletedAt),
        options.state ? stateWhere(options.state, day, ctx.storeId) : undefined,
      ),
    )
    .orderBy(desc(promotion.startsOn), asc(promotion.name), asc(promotion.id));
  return rows.map((row) => ({
    ...row.promotion,
    // Deactivated after its start: off for the owner and the API, though its kept days count.
    active: row.promotion.active && row.promotion.deactivatedAt === null,
    productCount: row.productCount,
    state: listState(row.promotion, row.productCount, day),
    started: row.promotion.startsOn <= day,
    canActivate: !row.promotion.active && row.promotion.startsOn >= day,
    deactivatedOn: row.promotion.deactivatedAt ? promotionDay(row.promotion.deactivatedAt) : null,
  }));
}

export type PromotionProductItem = {
  productId: string;
  name: string;
  priceCents: number;
  categoryId: string | null;
  customPriceCents: number | null;
};

/** One of the store's promotions with its products; another store's id is "notFound". */
export async function getPromotion(ctx: StoreContext, promotionId: string) {
  if (!isUuid(promotionId)) throw new AppError("notFound");
  try {
    const [row] = await ctx.db
      .select()
      .from(promotion)
      .where(
        and(eq(promotion.storeId, ctx.storeId), eq(promotion.id, promotionId), isNull(promotion.deletedAt)),
      )
      .limit(1);
    if (!row) throw new AppError("notFound");
    const products: PromotionProductItem[] = await ctx.db
      .select({
        productId: product.id,
        name: product.name,
        priceCents: product.priceCents,
        categoryId: product.categoryId,
        customPriceCents: promotionProduct.customPriceCents,
      })
      .from(promotionProduct)
      .innerJoin(product, and(eq(product.id, promotionProduct.productId), eq(product.storeId, ctx.storeId)))
      .where(
        and(
          eq(promotionProduct.storeId, ctx.storeId),
          eq(promotionProduct.promotionId, promotionId),
          isNull(promotionProduct.leftOn),
        ),
      )
      .orderBy(asc(product.name));
    return { ...row, products };
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError("promotionLoadFailed", { cause: error });
  }
}

/** The promotions (other than `exceptId`) a product is in, active and overlapping the given days. */
export async function overlappingAssignments(
  ctx: StoreContext,
  productIds: string[],
  days: { startsOn: string; endsOn: string },
  exceptId: string | null,
) {
  if (productIds.length === 0) return [];
  // Distinct: a product may have had two stays in one other promotion (decision 0104).
  return ctx.db
    .selectDistinct({
      productId: promotionProduct.productId,
      productName: product.name,
      promotionId: promotion.id,
      promotionName: promotion.name,
    })
    .from(promotionProduct)
    .innerJoin(
      promotion,
      and(eq(promotion.id, promotionProduct.promotionId), eq(promotion.storeId, ctx.storeId)),
    )
    .innerJoin(product, and(eq(product.id, promotionProduct.productId), eq(product.storeId, ctx.storeId)))
    .where(
      and(
        eq(promotionProduct.storeId, ctx.storeId),
        inArray(promotionProduct.productId, productIds),
        eq(promotionProduct.active, true),
        sql`${promotionProduct.startsOn} <= ${days.endsOn}`,
        sql`${promotionProduct.endsOn} >= ${days.startsOn}`,
        // A row left on its promotion's first day has no whole day (migration 0023).
        sql`${promotionProduct.endsOn} >= ${promotionProduct.startsOn}`,
        exceptId ? ne(promotionProduct.promotionId, exceptId) : undefined,
      ),
    )
    .orderBy(asc(product.name));
}

/**
 * The rules on the chosen products: each is the store's, its category allows
 * promotions, its custom price is below its price ('Custom price for {product} must be less than
 * {price} MKD'), and the promotion leaves it a price above zero.
 */
export async function checkProducts(ctx: StoreContext, input: PromotionInput, locale: MoneyLocale) {
  const ids = [...new Set(input.products.map((chosen) => chosen.productId))];
  const rows = await ctx.db
    .select({
      id: product.id,
      name: product.name,
      priceCents: product.priceCents,
      forbidden: sql<boolean>`coalesce(${category.promotionsForbidden}, false)`,
    })
    .from(product)
    .leftJoin(category, and(eq(category.id, product.categoryId), eq(category.storeId, ctx.storeId)))
    .where(and(eq(product.storeId, ctx.storeId), inArray(product.id, ids)));
  // A product of another store (or a deleted one) is simply not there.
  if (rows.length !== ids.length) throw new AppError("notFound");
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const chosen of input.products) {
    const row = byId.get(chosen.productId)!;
    if (row.forbidden)
      throw new AppError("promotionForbiddenCategory", {
        fields: { form: "errors:promotionForbiddenCategory" },
        params: { product: row.name },
      });
    if (chosen.customPriceCents !== null && chosen.customPriceCents >= row.priceCents)
      throw new AppError("customPriceTooHigh", {
        fields: { form: "errors:customPriceTooHigh", [`customPrice.${row.id}`]: "errors:customPriceTooHigh" },
        params: { product: row.name, price: formatMoneyInput(row.priceCents, locale) },
      });
    if (promotionalPrice(row.priceCents, input, chosen.customPriceCents) === null)
      throw new AppError("promotionPriceNotPositive", {
        fields: { form: "errors:promotionPriceNotPositive" },
        params: { product: row.name },
      });
  }
  return ids;
}

/**
 * Where the first day of the promotion being created (null) or edited may fall (decision 0094): not
 * before today, except the first day of one that has run, which stays as it is.
 */
export async function promotionStartRule(
  ctx: StoreContext,
  promotionId: string | null,
  now: Date = getClock().now(),
): Promise<StartRule> {
  const today = promotionDay(now);
  if (promotionId === null) return { today };
  const existing = await getPromotion(ctx, promotionId);
  return { today, keptStart: hasRun(existing, today) ? existing.startsOn : null };
}

/**
 * Creates (no id) or replaces (id) a promotion with its products in one transaction. A product in
 * another active promotion on the same days is moved only when the owner confirmed (input.move);
 * otherwise "promotionMoveConfirm" names the products and their promotions.
 */
export async function savePromotion(
  ctx: StoreContext,
  input: PromotionInput,
  options: { id?: string; locale?: MoneyLocale; now?: Date } = {},
): Promise<PromotionRow> {
  const id = options.id ?? null;
  const now = options.now ?? getClock().now();
  const today = promotionDay(now);
  // A new promotion's products are in it from its first day (the tests and the demo build past
  // ones); one added by an edit once it has started, from now (decision 0098).
  const joinedAt = id !== null && input.startsOn <= today ? now : null;
  const leaving = { today, now, lastDay: lastDayBefore(today, input.startsOn, joinedAt !== null) };
  if (id !== null) keepsItsRecord(await getPromotion(ctx, id), input, today);
  const ids = await checkProducts(ctx, input, options.locale ?? "mk");
  // In an edit of a started promotion, what joins it joins today (decision 0098) and the days before
  // are on the record as they were: only other promotions from today on stand in its way.
  const days = { startsOn: joinedAt ? today : input.startsOn, endsOn: input.endsOn };
  try {
    return await ctx.db.transaction(async (tx) => {
      const txCtx = { ...ctx, db: tx };
      const conflicts = await overlappingAssignments(txCtx, ids, days, id);
      if (conflicts.length > 0) {
        if (!input.move)
          throw new AppError("promotionMoveConfirm", {
            fields: { form: "errors:promotionMoveConfirm" },
            params: {
              count: new Set(conflicts.map((row) => row.productId)).size,
              products: [...new Set(conflicts.map((row) => row.productName))].join(", "),
              promotions: [...new Set(conflicts.map((row) => row.promotionName))].join(", "),
            },
          });
        // Adding it to another promotion takes it out of the current one; the days it
        // has already run there stay as price history (decision 0077).
        for (const row of conflicts)
          await leavePromotion(tx, ctx.storeId, row.promotionId, row.productId, leaving);
      }
      if (id !== null)
        await clearForResave(tx, ctx.storeId, id, ids, {
          startsOn: input.startsOn,
          leaving,
        });
      const values = {
        name: input.name,
        type: input.type,
        discountType: input.discountType,
        discountValue: input.discountValue,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
      };
      const [saved] =
        id === null
          ? await tx
              .insert(promotion)
              .values({ ...values, storeId: ctx.storeId })
              .returning()
          : await tx
              .update(promotion)
              .set({ ...values, updatedAt: new Date() })
              .where(and(eq(promotion.storeId, ctx.storeId), eq(promotion.id, id)))
              .returning();
      await addProducts(tx, ctx.storeId, saved!.id, input, joinedAt);
      return saved!;
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    // Another request put one of these products in an active promotion first (or at the same
    // time: two exclusion checks waiting on each other end in a deadlock, one of them refused).
    if (lostTheRace(error)) throw new AppError("promotionProductTaken", { cause: error });
    throw new AppError("promotionSaveFailed", { cause: error });
  }
}

/**
 * The promotion's products; a failure of its own is 'Failed to add products to promotion'.
 * `joinedAt`: now, in an edit once the promotion has started, so a product added then is in it from then on
 * (decision 0098); a product already in it keeps its row and first day. One that was taken out and is
 * put back begins a new stay now (decision 0104): its ended row keeps the days it was in before.
 */
async function addProducts(
  tx: Queryable,
  storeId: string,
  promotionId: string,
  input: PromotionInput,
  joinedAt: Date | null,
) {
  try {
    await tx
      .insert(promotionProduct)
      .values(
        input.products.map((chosen) => ({
          storeId,
          promotionId,
          productId: chosen.productId,
          customPriceCents: chosen.customPriceCents,
          joinedAt,
          // The trigger copies the promotion's flag and days; these satisfy the types.
          startsOn: input.startsOn,
          endsOn: input.endsOn,
        })),
      )
      .onConflictDoUpdate({
        // The current stay (the partial unique index of migration 0035).
        target: [promotionProduct.promotionId, promotionProduct.productId],
        targetWhere: sql`left_on is null`,
        set: { customPriceCents: sql`excluded.custom_price_cents` },
      });
  } catch (error) {
    if (lostTheRace(error)) throw error;
    throw new AppError("promotionAddProductsFailed", { cause: error });
  }
}

/**
 * Deletes a promotion (decision 0089). One that has not started is deleted outright. One that has
 * started has been on the public page, which is the legal record (the dated archive, the price
 * history, the prior price of later promotions): its products leave it now, keeping their days as
 * a move does, and it is hidden from the owner's lists and pages.
 */
export async function deletePromotion(ctx: StoreContext, promotionId: string, now = getClock().now()) {
  const found = await getPromotion(ctx, promotionId);
  const today = promotionDay(now);
  const mine = and(eq(promotion.storeId, ctx.storeId), eq(promotion.id, promotionId));
  try {
    await ctx.db.transaction(async (tx) => {
      if (found.startsOn > today) {
        await tx.delete(promotion).where(mine);
        return;
      }
      await endAssignments(tx, ctx.storeId, promotionId, { today, now, lastDay: addDays(today, -1) });
      await tx.update(promotion).set({ deletedAt: now, updatedAt: now }).where(mine);
    });
  } catch (error) {
    throw new AppError("promotionDeleteFailed", { cause: error });
  }
}
