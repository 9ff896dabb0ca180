import { and, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { storeBilling } from "~/db/schema/billing";
import { product } from "~/db/schema/catalog";
import { priceConfirmation } from "~/db/schema/compliance";
import { store } from "~/db/schema/stores";
import { recordAudit } from "~/features/audit/audit.server";
import { isSuspendedForPayment } from "~/features/billing/expiry.server";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import type { StoreFilters, StoreState } from "./admin-params";
import { containsPattern, offsetOf } from "./admin-search.server";

// The admin's stores list and the actions on one store. Every action is audited with the
// admin as the actor, the store and the reason.

export type AdminContext = { db: Db; adminId: string; now?: Date };

/**
 * The state the admin filters by, as SQL over `store` left-joined with `store_billing` (one
 * definition for the list, its count and the overview).
 */
export function storeStateSql(now: Date): SQL<StoreState> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<StoreState>`CASE
    WHEN ${store.onboardingStep} IS NOT NULL THEN 'onboarding'
    WHEN ${store.active} = false AND ${storeBilling.suspendedAt} IS NOT NULL THEN 'suspended'
    WHEN ${store.active} = false THEN 'inactive'
    WHEN ${storeBilling.paidUntil} > ${at} THEN 'paid'
    WHEN ${store.trialEndsAt} IS NOT NULL AND ${store.trialEndsAt} <= ${at} THEN 'expired'
    ELSE 'trial' END`;
}

/**
 * Stores whose name, username, company or owner's address contains the text: one index-backed set
 * of ids per table (trigram indexes, migration 0015), not an OR across the join, which PostgreSQL
 * can only answer by reading every store.
 */
export function storeSearchCondition(text: string): SQL {
  const p = containsPattern(text);
  return sql`${store.id} IN (
      SELECT s.id FROM ${store} s WHERE s.name ILIKE ${p} OR s.username ILIKE ${p} OR s.company_name ILIKE ${p}
      UNION SELECT s.id FROM ${store} s JOIN ${user} u ON u.id = s.owner_id WHERE u.email ILIKE ${p})`;
}

function storeWhere(filters: StoreFilters, now: Date): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.q) conditions.push(storeSearchCondition(filters.q));
  if (filters.state) conditions.push(sql`${storeStateSql(now)} = ${filters.state}`);
  if (filters.plan === "none") conditions.push(isNull(storeBilling.plan));
  else if (filters.plan) conditions.push(eq(storeBilling.plan, filters.plan));
  return conditions.length ? and(...conditions) : undefined;
}

export type AdminStoreRow = {
  id: string;
  name: string;
  username: string;
  ownerId: string;
  ownerEmail: string;
  state: StoreState;
  trialEndsAt: Date | null;
  plan: string | null;
  paidUntil: Date | null;
  lastConfirmation: string | null;
  productCount: number;
  createdAt: Date;
};

export async function listStores(
  ctx: AdminContext,
  filters: StoreFilters,
  page: number,
  pageSize: number,
): Promise<{ rows: AdminStoreRow[]; total: number }> {
  const now = ctx.now ?? new Date();
  const where = storeWhere(filters, now);
  const [page_, [totalRow]] = await Promise.all([
    ctx.db
      .select({
        id: store.id,
        name: store.name,
        username: store.username,
        ownerId: store.ownerId,
        ownerEmail: user.email,
        state: storeStateSql(now),
        trialEndsAt: store.trialEndsAt,
        plan: storeBilling.plan,
        paidUntil: storeBilling.paidUntil,
        createdAt: store.createdAt,
      })
      .from(store)
      .innerJoin(user, eq(user.id, store.ownerId))
      .leftJoin(storeBilling, eq(storeBilling.storeId, store.id))
      .where(where)
      .orderBy(desc(store.createdAt), desc(store.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    ctx.db
      .select({ n: count() })
      .from(store)
      .innerJoin(user, eq(user.id, store.ownerId))
      .leftJoin(storeBilling, eq(storeBilling.storeId, store.id))
      .where(where),
  ]);
  const stats = await pageStats(
    ctx,
    page_.map((row) => row.id),
  );
  const rows = page_.map((row) => ({
    ...row,
    lastConfirmation: stats.lastConfirmation.get(row.id) ?? null,
    productCount: stats.productCount.get(row.id) ?? 0,
  }));
  return { rows, total: totalRow?.n ?? 0 };
}

/**
 * The last confirmed day and the product count of the page's stores only, in two grouped queries on
 * the stores' own indexes. (In the page query's select list they would be computed for every row
 * OFFSET skips as well: page 200 took a second with 10,000 stores.)
 */
async function pageStats(ctx: AdminContext, storeIds: string[]) {
  if (storeIds.length === 0)
    return { lastConfirmation: new Map<string, string>(), productCount: new Map<string, number>() };
  const [confirmations, products] = await Promise.all([
    ctx.db
      .select({ storeId: priceConfirmation.storeId, day: sql<string>`max(${priceConfirmation.day})::text` })
      .from(priceConfirmation)
      .where(and(inArray(priceConfirmation.storeId, storeIds), eq(priceConfirmation.status, "confirmed")))
      .groupBy(priceConfirmation.storeId),
    ctx.db
      .select({ storeId: product.storeId, n: count() })
      .from(product)
      .where(inArray(product.storeId, storeIds))
      .groupBy(product.storeId),
  ]);
  return {
    lastConfirmation: new Map(confirmations.map((row) => [row.storeId, row.day])),
    productCount: new Map(products.map((row) => [row.storeId, row.n])),
  };
}

async function storeOrThrow(ctx: AdminContext, storeId: string) {
  if (!isUuid(storeId)) throw new AppError("notFound");
  const [row] = await ctx.db.select().from(store).where(eq(store.id, storeId)).limit(1);
  if (!row) throw new AppError("notFound");
  return row;
}

/** Whether both the free month and any paid period are over (what billing's expiry job acts on). */
async function periodOver(db: Db, row: { id: string; trialEndsAt: Date | null }, now: Date) {
  if (!row.trialEndsAt || row.trialEndsAt >= now) return false;
  const [billing] = await db
    .select({ paidUntil: storeBilling.paidUntil })
    .from(storeBilling)
    .where(eq(storeBilling.storeId, row.id));
  return !billing?.paidUntil || billing.paidUntil < now;
}

/** Extends the free month by `days` from its end, or from now when it already ended. */
export async function extendTrial(
  ctx: AdminContext,
  input: { storeId: string; days: number; reason: string },
): Promise<{ trialEndsAt: Date }> {
  const row = await storeOrThrow(ctx, input.storeId);
  const now = ctx.now ?? new Date();
  const from = row.trialEndsAt && row.trialEndsAt > now ? row.trialEndsAt : now;
  const trialEndsAt = new Date(from.getTime() + input.days * 24 * 60 * 60 * 1000);
  // A store billing suspended for non-payment comes back with the time the admin gives it.
  const unsuspend = !row.active && (await isSuspendedForPayment(ctx.db, row.id));
  await ctx.db
    .update(store)
    .set({ trialEndsAt, ...(unsuspend && { active: true }), updatedAt: now })
    .where(eq(store.id, row.id));
  if (unsuspend) {
    await ctx.db
      .update(storeBilling)
      .set({ suspendedAt: null, updatedAt: now })
      .where(eq(storeBilling.storeId, row.id));
  }
  await recordAudit(ctx.db, {
    action: "trial_extended",
    userId: ctx.adminId,
    details: {
      storeId: row.id,
      username: row.username,
      ownerId: row.ownerId,
      days: input.days,
      reason: input.reason,
      from: row.trialEndsAt?.toISOString() ?? null,
      to: trialEndsAt.toISOString(),
      reactivated: unsuspend,
    },
  });
  return { trialEndsAt };
}

/** Deactivates or reactivates a store (its public page shows the inactive notice meanwhile). */
export async function setStoreActive(
  ctx: AdminContext,
  input: { storeId: string; active: boolean; reason: string },
): Promise<void> {
  const row = await storeOrThrow(ctx, input.storeId);
  if (row.active === input.active) return;
  const now = ctx.now ?? new Date();
  // Billing's expiry job would make an unpaid store inactive again minutes later: the way back is
  // a longer trial (extendTrial reactivates it) or a payment marked paid.
  if (input.active && (await periodOver(ctx.db, row, now))) throw new AppError("storeUnpaid");
  await ctx.db.update(store).set({ active: input.active, updatedAt: now }).where(eq(store.id, row.id));
  await recordAudit(ctx.db, {
    action: input.active ? "store_reactivated" : "store_deactivated",
    userId: ctx.adminId,
    details: { storeId: row.id, username: row.username, ownerId: row.ownerId, reason: input.reason },
  });
}
