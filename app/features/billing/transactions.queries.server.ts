import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { payment, paymentTransaction } from "~/db/schema/billing";
import { store } from "~/db/schema/stores";
import { isUuid } from "~/lib/uuid";
import type { PaymentStatus } from "./plans";

// Decision 0041: a payment's state is derived from its append-only events, never
// stored. Each event happens at most once (unique payment_id, kind), so the state is the
// strongest event present: refunded > paid > cancelled > created ("pending").

export { PAYMENT_STATUSES, type PaymentStatus } from "./plans";

function hasEvent(kind: "paid" | "cancelled" | "refunded"): SQL {
  return sql`exists (select 1 from ${paymentTransaction} where ${paymentTransaction.paymentId} = ${payment.id} and ${paymentTransaction.kind} = ${kind})`;
}

/** The current status of the payment row in scope, as SQL. */
export const paymentStatusSql = sql<PaymentStatus>`(case
  when ${hasEvent("refunded")} then 'refunded'
  when ${hasEvent("paid")} then 'paid'
  when ${hasEvent("cancelled")} then 'cancelled'
  else 'pending' end)`;

function statusCondition(status: PaymentStatus): SQL {
  switch (status) {
    case "refunded":
      return hasEvent("refunded");
    case "paid":
      return and(hasEvent("paid"), sql`not ${hasEvent("refunded")}`)!;
    case "cancelled":
      return hasEvent("cancelled");
    case "pending":
      return sql`not exists (select 1 from ${paymentTransaction} where ${paymentTransaction.paymentId} = ${payment.id} and ${paymentTransaction.kind} <> 'created')`;
  }
}

/** The reference the payer writes on the transfer (and the invoice's number). */
export function paymentReference(number: number): string {
  return `VT-${String(number).padStart(6, "0")}`;
}

/** "VT-000042", "vt-42" or "42" → 42; anything else → null. */
export function parseReference(value: string): number | null {
  const match = /^(?:vt-?)?0*(\d{1,9})$/i.exec(value.trim());
  return match ? Number(match[1]) : null;
}

const paidEvent = sql`(select ${paymentTransaction.createdAt} from ${paymentTransaction} where ${paymentTransaction.paymentId} = ${payment.id} and ${paymentTransaction.kind} = 'paid')`;
const paidUntilEvent = sql`(select ${paymentTransaction.paidUntil} from ${paymentTransaction} where ${paymentTransaction.paymentId} = ${payment.id} and ${paymentTransaction.kind} = 'paid')`;

const columns = {
  id: payment.id,
  number: payment.number,
  storeId: payment.storeId,
  plan: payment.plan,
  method: payment.method,
  amountCents: payment.amountCents,
  currency: payment.currency,
  months: payment.months,
  dueAt: payment.dueAt,
  buyer: payment.buyer,
  createdAt: payment.createdAt,
  status: paymentStatusSql,
  paidAt: paidEvent.mapWith(payment.createdAt),
  paidUntil: paidUntilEvent.mapWith(payment.dueAt),
};

export type PaymentRow = Awaited<ReturnType<typeof selectPayments>>[number] & { reference: string };

function selectPayments(db: Queryable, where: SQL | undefined) {
  return db
    .select({ ...columns, storeName: store.name, username: store.username })
    .from(payment)
    .innerJoin(store, eq(store.id, payment.storeId))
    .where(where)
    .orderBy(desc(payment.createdAt), desc(payment.number));
}

function withReference<T extends { number: number }>(row: T): T & { reference: string } {
  return { ...row, reference: paymentReference(row.number) };
}

export type TransactionFilter = {
  status?: PaymentStatus;
  /** Only this store's payments. */
  storeId?: string;
  /** A reference (VT-000042), a store's name or username. */
  query?: string;
};

export type PageRequest = { page: number; pageSize: number };

/**
 * The admin's list of payments across stores, newest first, one row per payment with its derived
 * status. Paginated on the server (fast with 10,000 stores).
 */
export async function listTransactions({
  db,
  filter = {},
  page = { page: 1, pageSize: 25 },
}: {
  db: Queryable;
  filter?: TransactionFilter;
  page?: PageRequest;
}): Promise<{ rows: PaymentRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(statusCondition(filter.status));
  if (filter.storeId)
    conditions.push(isUuid(filter.storeId) ? eq(payment.storeId, filter.storeId) : sql`false`);
  const query = filter.query?.trim();
  if (query) {
    const number = parseReference(query);
    const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        number === null ? undefined : eq(payment.number, number),
        ilike(store.name, pattern),
        ilike(store.username, pattern),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const pageSize = Math.min(Math.max(page.pageSize, 1), 200);
  const [rows, [total]] = await Promise.all([
    selectPayments(db, where)
      .limit(pageSize)
      .offset((Math.max(page.page, 1) - 1) * pageSize),
    db.select({ value: count() }).from(payment).innerJoin(store, eq(store.id, payment.storeId)).where(where),
  ]);
  return { rows: rows.map(withReference), total: total?.value ?? 0 };
}

/** One payment by id, any store (the admin's invoice download); null when there is none. */
export async function getPayment(db: Queryable, paymentId: string): Promise<PaymentRow | null> {
  if (!isUuid(paymentId)) return null;
  const [row] = await selectPayments(db, eq(payment.id, paymentId));
  return row ? withReference(row) : null;
}

/** One of the owner's own payments; another store's id answers null (→ 404). */
export async function getStorePayment(
  ctx: { db: Queryable; storeId: string },
  paymentId: string,
): Promise<PaymentRow | null> {
  if (!isUuid(paymentId)) return null;
  const [row] = await selectPayments(
    ctx.db,
    and(eq(payment.id, paymentId), eq(payment.storeId, ctx.storeId)),
  );
  return row ? withReference(row) : null;
}

/** The owner's payments, newest first (the billing page's history). */
export async function listStorePayments(
  ctx: { db: Queryable; storeId: string },
  limit = 20,
): Promise<PaymentRow[]> {
  const rows = await selectPayments(ctx.db, eq(payment.storeId, ctx.storeId)).limit(limit);
  return rows.map(withReference);
}

/** The events of one payment of the store, oldest first (created, then paid or cancelled, …). */
export function listPaymentEvents(ctx: { db: Queryable; storeId: string }, paymentId: string) {
  return ctx.db
    .select()
    .from(paymentTransaction)
    .where(and(eq(paymentTransaction.paymentId, paymentId), eq(paymentTransaction.storeId, ctx.storeId)))
    .orderBy(paymentTransaction.createdAt);
}

/** A payment by the reference the payer wrote ("VT-000042"), any store; null when there is none. */
export async function findPaymentByReference(db: Queryable, reference: string): Promise<PaymentRow | null> {
  const number = parseReference(reference);
  if (number === null) return null;
  const [row] = await selectPayments(db, eq(payment.number, number));
  return row ? withReference(row) : null;
}
