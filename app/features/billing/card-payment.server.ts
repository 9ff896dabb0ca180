import type { Queryable } from "~/db/client.server";
import { AppError, isAppError } from "~/lib/app-error";
import { logger } from "~/lib/logger.server";
import { markTransactionPaid } from "./payment.server";
import { getPayment } from "./transactions.queries.server";

// Issue 16: cPay's verified answer (cpayVerify) records a card payment: the same "paid" event an
// admin records for a bank transfer, with cPay's reference in its note. The payer's browser
// (PaymentOKURL) and cPay's server-to-server notification may both bring the same answer, in
// either order or at once: the payment is recorded paid exactly once (decision 0067).

/**
 * Marks the card payment cPay confirmed. An answer that does not match its payment (another
 * amount or currency, another order's reference, another merchant) is refused and logged.
 * `recorded` is false when the payment was already paid (a repeated answer).
 */
export async function confirmCardPayment(
  db: Queryable,
  fields: Record<string, string>,
  now: Date,
  merchantId?: string,
): Promise<{ storeId: string; recorded: boolean }> {
  const row = await getPayment(db, fields.Details2 ?? "");
  if (row?.method !== "card") {
    logger.warn(
      { order: fields.Details2, cpayRef: fields.cPayPaymentRef },
      "cPay answer for no card payment",
    );
    throw new AppError("notFound");
  }
  // The amount, currency, order reference and merchant cPay charged must be this payment's.
  const mismatch = [
    fields.AmountToPay !== String(row.amountCents) && "amount",
    fields.AmountCurrency !== row.currency && "currency",
    fields.Details1 !== `Vitrina ${row.reference}` && "order",
    merchantId !== undefined && fields.PayToMerchant !== merchantId && "merchant",
  ].filter(Boolean);
  if (mismatch.length > 0) {
    logger.warn(
      { paymentId: row.id, mismatch, cpayRef: fields.cPayPaymentRef },
      "cPay answer does not match its payment: refused",
    );
    throw new AppError("validation");
  }
  if (row.status === "paid") return { storeId: row.storeId, recorded: false };
  try {
    await markTransactionPaid({
      db,
      transactionId: row.id,
      actor: { userId: null },
      now,
      note: `cPay ${fields.cPayPaymentRef ?? ""}`.trim(),
    });
    return { storeId: row.storeId, recorded: true };
  } catch (error) {
    // The other answer (browser or notification) recorded it between our read and our lock.
    if (isAppError(error) && error.code === "paymentNotPending") {
      const again = await getPayment(db, row.id);
      if (again?.status === "paid") return { storeId: row.storeId, recorded: false };
      logger.error(
        { paymentId: row.id, status: again?.status },
        "cPay confirmed a payment that is not pending",
      );
    }
    throw error;
  }
}
