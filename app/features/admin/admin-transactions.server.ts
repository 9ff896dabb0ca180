import { z } from "zod";
import { recordAudit } from "~/features/audit/audit.server";
import { cancelTransaction, markTransactionPaid } from "~/features/billing/payment.server";
import {
  getPayment,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from "~/features/billing/transactions.queries.server";
import { AppError } from "~/lib/app-error";
import type { AdminContext } from "./admin-stores.server";

// The admin's side of a payment (decision 0041): billing's services do the work (an append-only event,
// the plan and the store's state); this adds the admin's audit row with the store and the note.

export type TransactionFilters = { q: string; status: PaymentStatus | "" };

export function parseTransactionFilters(params: URLSearchParams): TransactionFilters {
  const status = params.get("status") ?? "";
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    status: (PAYMENT_STATUSES as readonly string[]).includes(status) ? (status as PaymentStatus) : "",
  };
}

export const transactionActionSchema = z.object({
  paymentId: z.string().min(1, "validation:required"),
  note: z
    .string()
    .trim()
    .max(500, "validation:tooLong")
    .optional()
    .transform((value) => value || undefined),
});

async function paymentOrThrow(ctx: AdminContext, paymentId: string) {
  const row = await getPayment(ctx.db, paymentId);
  if (!row) throw new AppError("notFound");
  return row;
}

export async function adminMarkPaid(ctx: AdminContext, input: { paymentId: string; note?: string }) {
  const row = await paymentOrThrow(ctx, input.paymentId);
  const { paidUntil } = await markTransactionPaid({
    db: ctx.db,
    transactionId: row.id,
    actor: { userId: ctx.adminId },
    note: input.note,
    ...(ctx.now ? { now: ctx.now } : {}),
  });
  await recordAudit(ctx.db, {
    action: "transaction_marked_paid",
    userId: ctx.adminId,
    details: {
      paymentId: row.id,
      reference: row.reference,
      storeId: row.storeId,
      username: row.username,
      amountCents: row.amountCents,
      paidUntil: paidUntil.toISOString(),
      reason: input.note ?? null,
    },
  });
  return { paidUntil };
}

export async function adminCancelPayment(ctx: AdminContext, input: { paymentId: string; note?: string }) {
  const row = await paymentOrThrow(ctx, input.paymentId);
  await cancelTransaction({
    db: ctx.db,
    transactionId: row.id,
    actor: { userId: ctx.adminId },
    note: input.note,
    ...(ctx.now ? { now: ctx.now } : {}),
  });
  await recordAudit(ctx.db, {
    action: "transaction_cancelled",
    userId: ctx.adminId,
    details: {
      paymentId: row.id,
      reference: row.reference,
      storeId: row.storeId,
      username: row.username,
      reason: input.note ?? null,
    },
  });
}
