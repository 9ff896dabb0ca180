import type { Queryable } from "~/db/client.server";
import { AppError } from "~/lib/app-error";
import { markTransactionPaid } from "./payment.server";
import { getPayment } from "./transactions.queries.server";

// Issue 16: cPay's verified answer (cpayVerify) records a card payment: the same "paid" event an
// admin records for a bank transfer, with cPay's reference in its note.

/** Marks the card payment cPay confirmed; an answer that does not match the payment is refused. */
export async function confirmCardPayment(
  db: Queryable,
  fields: Record<string, string>,
  now: Date,
): Promise<{ storeId: string }> {
  const row = await getPayment(db, fields.Details2 ?? "");
  if (row?.method !== "card") throw new AppError("notFound");
  // The amount and currency cPay charged must be this payment's.
  if (fields.AmountToPay !== String(row.amountCents) || fields.AmountCurrency !== row.currency)
    throw new AppError("validation");
  // cPay may post its answer again: a payment already paid stays as it is.
  if (row.status === "paid") return { storeId: row.storeId };
  await markTransactionPaid({
    db,
    transactionId: row.id,
    actor: { userId: null },
    now,
    note: `cPay ${fields.cPayPaymentRef ?? ""}`.trim(),
  });
  return { storeId: row.storeId };
}
