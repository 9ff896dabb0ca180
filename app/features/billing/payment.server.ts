import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Queryable, Tx } from "~/db/client.server";
import { type PaymentMethod, payment, paymentTransaction, storeBilling } from "~/db/schema/billing";
import { store } from "~/db/schema/stores";
import { formatAddress } from "~/features/address/address";
import { AppError } from "~/lib/app-error";
import { getClock } from "~/lib/clock.server";
import type { Actor, StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import { addMonths, latestDate } from "./billing-state";
import type { PaymentStart } from "./payment-provider";
import { CURRENCY, INVOICE_DUE_DAYS, type PayablePlanId, PLANS } from "./plans";
import { paymentProvider } from "./providers.server";
import { paymentReference, paymentStatusSql } from "./transactions.queries.server";

// Choosing a plan, and an admin confirming or cancelling a payment. Every payment event
// is a new payment_transaction row (decision 0041); the store's plan state (store_billing) and its
// `active` flag follow in the same database transaction.

/** `now` defaults to the process clock (VITRINA_NOW in end-to-end tests). */
type AdminContext = { db: Queryable; actor: Actor; now?: Date };

/**
 * The owner chooses a plan and a method: any payment still pending is cancelled (a switch, from
 * /dashboard/payment/change), a new pending payment is created with its "created" event, and the
 * provider says what the owner does next.
 */
export async function choosePlan(
  ctx: StoreContext,
  input: { plan: PayablePlanId; method: PaymentMethod },
  now: Date,
): Promise<{ paymentId: string; reference: string; start: PaymentStart }> {
  const provider = paymentProvider(input.method);
  const plan = PLANS[input.plan];
  if (!provider || !plan.priceCents || !plan.months)
    throw new AppError("validation", { fields: { plan: "validation:choiceInvalid" } });
  const created = await ctx.db.transaction(async (tx) => {
    // The store row's lock makes two quick choices of the same owner run one after the other.
    const [current] = await tx.select().from(store).where(eq(store.id, ctx.storeId)).for("update");
    if (!current) throw new AppError("storeNotFound");
    const [billing] = await tx.select().from(storeBilling).where(eq(storeBilling.storeId, ctx.storeId));
    const pending = await tx
      .select({ id: payment.id })
      .from(payment)
      .where(and(eq(payment.storeId, ctx.storeId), sql`${paymentStatusSql} = 'pending'`));
    if (pending.length)
      await tx.insert(paymentTransaction).values(
        pending.map((row) => ({
          paymentId: row.id,
          storeId: ctx.storeId,
          kind: "cancelled" as const,
          actorId: ctx.actor.userId,
          note: "replaced",
          createdAt: now,
        })),
      );
    // Due in INVOICE_DUE_DAYS, or when the trial or paid period ends if that is later.
    const dueSoonest = new Date(now.getTime() + INVOICE_DUE_DAYS * 24 * 60 * 60 * 1000);
    const end = latestDate(current.trialEndsAt, billing?.paidUntil);
    const [row] = await tx
      .insert(payment)
      .values({
        storeId: ctx.storeId,
        plan: input.plan,
        method: input.method,
        amountCents: plan.priceCents!,
        currency: CURRENCY,
        months: plan.months!,
        dueAt: latestDate(end, dueSoonest)!,
        buyer: {
          companyName: current.companyName,
          taxNumber: current.taxNumber,
          storeName: current.name,
          address: current.address ? formatAddress(current.address, "mk") : null,
          phone: current.phone,
        },
        createdAt: now,
      })
      .returning();
    await tx.insert(paymentTransaction).values({
      paymentId: row!.id,
      storeId: ctx.storeId,
      kind: "created",
      actorId: ctx.actor.userId,
      createdAt: now,
    });
    return row!;
  });
  const reference = paymentReference(created.number);
  return {
    paymentId: created.id,
    reference,
    start: provider.start({
      id: created.id,
      reference,
      amountCents: created.amountCents,
      currency: created.currency,
    }),
  };
}

/** The payment row locked for this transaction, with its current status; notFound when absent. */
async function lockPayment(tx: Tx, paymentId: string) {
  if (!isUuid(paymentId)) throw new AppError("notFound");
  const [row] = await tx.select().from(payment).where(eq(payment.id, paymentId)).for("update");
  if (!row) throw new AppError("notFound");
  const events = await tx
    .select({ kind: paymentTransaction.kind })
    .from(paymentTransaction)
    .where(eq(paymentTransaction.paymentId, paymentId));
  const kinds = new Set(events.map((event) => event.kind));
  const status = kinds.has("refunded")
    ? "refunded"
    : kinds.has("paid")
      ? "paid"
      : kinds.has("cancelled")
        ? "cancelled"
        : "pending";
  return { row, status };
}

/**
 * An admin (or a card provider's verified callback) records that a pending payment arrived: the
 * plan becomes the store's, the next payment date moves one period past the later of now and the
 * current end (trial or paid), and a store made inactive for non-payment is public again at once.
 * `transactionId` is the payment's id (one row of listTransactions). `cpayPaymentRef` is cPay's
 * reference of the charge when cPay's notification records it: unique, so one charge never pays
 * two payments (a second use fails with the database's unique violation; decision 0117).
 */
export async function markTransactionPaid({
  db,
  transactionId,
  actor,
  now = getClock().now(),
  note,
  cpayPaymentRef,
}: AdminContext & { transactionId: string; note?: string; cpayPaymentRef?: string }): Promise<{
  paidUntil: Date;
}> {
  return db.transaction(async (tx) => {
    const { row, status } = await lockPayment(tx, transactionId);
    if (status !== "pending") throw new AppError("paymentNotPending");
    const [current] = await tx.select().from(store).where(eq(store.id, row.storeId)).for("update");
    const [billing] = await tx.select().from(storeBilling).where(eq(storeBilling.storeId, row.storeId));
    const base = latestDate(now, current?.trialEndsAt, billing?.paidUntil)!;
    const paidUntil = addMonths(base, row.months);
    await tx.insert(paymentTransaction).values({
      paymentId: row.id,
      storeId: row.storeId,
      kind: "paid",
      actorId: actor.userId,
      note: note ?? null,
      cpayPaymentRef: cpayPaymentRef ?? null,
      paidUntil,
      createdAt: now,
    });
    const state = { plan: row.plan, method: row.method, paidUntil, suspendedAt: null, updatedAt: now };
    await tx
      .insert(storeBilling)
      .values({ storeId: row.storeId, ...state })
      .onConflictDoUpdate({ target: storeBilling.storeId, set: state });
    // Only a suspension for non-payment is lifted: a store an admin deactivated stays inactive.
    if (billing?.suspendedAt && current && !current.active)
      await tx.update(store).set({ active: true, updatedAt: now }).where(eq(store.id, row.storeId));
    return { paidUntil };
  });
}

/** An admin cancels a payment that is still pending (the invoice is void; nothing else changes). */
export async function cancelTransaction({
  db,
  transactionId,
  actor,
  now = getClock().now(),
  note,
}: AdminContext & { transactionId: string; note?: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const { row, status } = await lockPayment(tx, transactionId);
    if (status !== "pending") throw new AppError("paymentNotPending");
    await tx.insert(paymentTransaction).values({
      paymentId: row.id,
      storeId: row.storeId,
      kind: "cancelled",
      actorId: actor.userId,
      note: note ?? null,
      createdAt: now,
    });
  });
}

/**
 * An admin records a refund of a paid payment: the paid period it bought no longer counts, so the
 * next payment date falls back to the latest period still paid (the expiry job then suspends the
 * store if nothing is left).
 */
export async function refundTransaction({
  db,
  transactionId,
  actor,
  now = getClock().now(),
  note,
}: AdminContext & { transactionId: string; note?: string }): Promise<{ paidUntil: Date | null }> {
  return db.transaction(async (tx) => {
    const { row, status } = await lockPayment(tx, transactionId);
    if (status !== "paid") throw new AppError("paymentNotPaid");
    await tx.insert(paymentTransaction).values({
      paymentId: row.id,
      storeId: row.storeId,
      kind: "refunded",
      actorId: actor.userId,
      note: note ?? null,
      createdAt: now,
    });
    const refunded = sql`exists (select 1 from ${paymentTransaction} r where r.payment_id = ${paymentTransaction.paymentId} and r.kind = 'refunded')`;
    const [left] = await tx
      .select({
        paidUntil: sql<Date | null>`max(${paymentTransaction.paidUntil})`.mapWith(
          paymentTransaction.paidUntil,
        ),
      })
      .from(paymentTransaction)
      .where(
        and(
          eq(paymentTransaction.storeId, row.storeId),
          eq(paymentTransaction.kind, "paid"),
          isNotNull(paymentTransaction.paidUntil),
          sql`not ${refunded}`,
        ),
      );
    const paidUntil = left?.paidUntil ?? null;
    await tx
      .update(storeBilling)
      .set({ paidUntil, updatedAt: now })
      .where(eq(storeBilling.storeId, row.storeId));
    return { paidUntil };
  });
}

/** The stores' plan state rows, for pages that show several stores (the admin's lists). */
export function listStoreBilling(db: Queryable, storeIds: string[]) {
  if (!storeIds.length) return Promise.resolve([]);
  return db.select().from(storeBilling).where(inArray(storeBilling.storeId, storeIds));
}
