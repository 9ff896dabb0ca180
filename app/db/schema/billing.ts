import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { PAYABLE_PLAN_IDS, PAYMENT_METHODS } from "../../features/billing/plans";
import { user } from "./auth";
import { store } from "./stores";

// Billing (decision 0041). A store's plan state lives in store_billing (one row per
// store, the projection the pages read); each payment is one immutable `payment` row, and what
// happens to it is an append-only `payment_transaction` log (created, paid, cancelled, refunded).
// Neither payment table is ever updated: a trigger refuses UPDATE (hand-written SQL in the migration).

export { PAYMENT_METHODS, type PaymentMethod } from "../../features/billing/plans";

export const PAYMENT_EVENTS = ["created", "paid", "cancelled", "refunded"] as const;
export type PaymentEvent = (typeof PAYMENT_EVENTS)[number];

/** The store's side of the invoice, copied when the payment is created so a later edit never rewrites it. */
export type InvoiceParty = {
  companyName: string;
  /** The buyer's ЕДБ when the store gave one; invoices made before it was asked have none. */
  taxNumber?: string | null;
  storeName: string;
  address: string | null;
  phone: string;
};

export const storeBilling = pgTable("store_billing", {
  storeId: uuid()
    .primaryKey()
    .references(() => store.id, { onDelete: "cascade" }),
  plan: text({ enum: PAYABLE_PLAN_IDS }),
  method: text({ enum: PAYMENT_METHODS }),
  /** End of the paid period: the next payment date. Null while the store has never paid. */
  paidUntil: timestamp({ withTimezone: true }),
  /** Set when the expiry job made the store inactive for non-payment; a payment clears it and reactivates. */
  suspendedAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const payment = pgTable(
  "payment",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The reference the payer writes on the transfer: VT-{number}, six digits at least. */
    number: integer().generatedAlwaysAsIdentity().notNull().unique(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    plan: text({ enum: PAYABLE_PLAN_IDS }).notNull(),
    method: text({ enum: PAYMENT_METHODS }).notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull().default("MKD"),
    months: integer().notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    buyer: jsonb().$type<InvoiceParty>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payment_store_idx").on(t.storeId, t.createdAt),
    index("payment_created_idx").on(t.createdAt),
  ],
);

export const paymentTransaction = pgTable(
  "payment_transaction",
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => payment.id, { onDelete: "cascade" }),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    kind: text({ enum: PAYMENT_EVENTS }).notNull(),
    /** Who did it: the owner (created, cancelled by a switch), an admin (paid, cancelled), null for the system. */
    actorId: text().references(() => user.id, { onDelete: "set null" }),
    note: text(),
    /** On "paid": the end of the period this payment bought. */
    paidUntil: timestamp({ withTimezone: true }),
    /**
     * On a "paid" event from CaSys cPay: cPay's own reference of the charge (cPayPaymentRef). One
     * charge pays one payment, so the same reference twice is refused (decision 0117).
     */
    cpayPaymentRef: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Each event happens at most once to a payment: two admins marking it paid at once cannot both win.
    uniqueIndex("payment_transaction_payment_kind_idx").on(t.paymentId, t.kind),
    index("payment_transaction_store_idx").on(t.storeId, t.createdAt),
    index("payment_transaction_kind_idx").on(t.kind, t.paymentId).where(sql`kind <> 'created'`),
    uniqueIndex("payment_transaction_cpay_payment_ref_idx")
      .on(t.cpayPaymentRef)
      .where(sql`cpay_payment_ref is not null`),
  ],
);

/**
 * An owner's request for a custom plan (the contact form on /dashboard/payment): kept so the form
 * can be rate-limited per store and the operator has a record beside the e-mail.
 */
export const customPlanRequest = pgTable(
  "custom_plan_request",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    userId: text().references(() => user.id, { onDelete: "set null" }),
    message: text().notNull(),
    phone: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("custom_plan_request_store_idx").on(t.storeId, t.createdAt)],
);
