import { and, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { paymentTransaction } from "~/db/schema/billing";
import { AppError, isAppError } from "~/lib/app-error";
import { logger } from "~/lib/logger.server";
import type { CpayReturn } from "./cpay.server";
import { markTransactionPaid } from "./payment.server";
import { getPayment } from "./transactions.queries.server";

// cPay's verified answer (cpayVerify), brought by cPay's server-to-server notification, records a
// card payment: the same "paid" event an admin records for a bank transfer, with cPay's reference
// of the charge (cPayPaymentRef) on it. The notification may be repeated or arrive twice at once:
// the payment is recorded paid exactly once (decision 0067). The payer's browser returning to
// PaymentOKURL records nothing (decision 0117): it only asks whether the payment is paid yet.

/** The paid event that already carries this cPay reference, if any. */
async function paidWithReference(db: Queryable, cpayPaymentRef: string) {
  const [row] = await db
    .select({ paymentId: paymentTransaction.paymentId, storeId: paymentTransaction.storeId })
    .from(paymentTransaction)
    .where(and(eq(paymentTransaction.kind, "paid"), eq(paymentTransaction.cpayPaymentRef, cpayPaymentRef)));
  return row ?? null;
}

function refuseReusedReference(fields: CpayReturn, paidPaymentId: string): never {
  logger.warn(
    { paymentId: fields.Details2, cpayRef: fields.cPayPaymentRef, paidPaymentId },
    "cPay reference already paid another payment: refused",
  );
  throw new AppError("conflict");
}

/**
 * Marks the card payment cPay confirmed. An answer that does not match its payment (another
 * amount or currency, another order's reference, another merchant) is refused and logged, and so
 * is a cPay reference that already paid another payment. `recorded` is false when the payment
 * was already paid (a repeated notification).
 */
export async function confirmCardPayment(
  db: Queryable,
  fields: CpayReturn,
  now: Date,
  merchantId?: string,
): Promise<{ storeId: string; recorded: boolean }> {
  const row = await getPayment(db, fields.Details2);
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
  const used = await paidWithReference(db, fields.cPayPaymentRef);
  if (used && used.paymentId !== row.id) refuseReusedReference(fields, used.paymentId);
  if (row.status === "paid") return alreadyPaid(db, row.id, row.storeId, fields);
  try {
    await markTransactionPaid({
      db,
      transactionId: row.id,
      actor: { userId: null },
      now,
      note: `cPay ${fields.cPayPaymentRef}`,
      cpayPaymentRef: fields.cPayPaymentRef,
    });
    return { storeId: row.storeId, recorded: true };
  } catch (error) {
    // Another notification recorded it between our read and our lock.
    if (isAppError(error) && error.code === "paymentNotPending") {
      const again = await getPayment(db, row.id);
      if (again?.status === "paid") return alreadyPaid(db, row.id, row.storeId, fields);
      logger.error(
        { paymentId: row.id, status: again?.status },
        "cPay confirmed a payment that is not pending",
      );
    }
    // The same cPay reference recorded on another payment at the same moment.
    if (isUniqueViolation(error)) {
      const other = await paidWithReference(db, fields.cPayPaymentRef);
      refuseReusedReference(fields, other?.paymentId ?? "");
    }
    throw error;
  }
}

/**
 * A payment already paid: the same charge again records nothing. Another charge for it (another
 * cPay reference, e.g. the payer submitted cPay's form twice) is accepted so cPay stops notifying,
 * and logged as an error so the operator refunds it. A payment an admin marked paid by hand
 * carries no reference: nothing to compare.
 */
async function alreadyPaid(db: Queryable, paymentId: string, storeId: string, fields: CpayReturn) {
  const [paid] = await db
    .select({ cpayPaymentRef: paymentTransaction.cpayPaymentRef })
    .from(paymentTransaction)
    .where(and(eq(paymentTransaction.paymentId, paymentId), eq(paymentTransaction.kind, "paid")));
  if (paid?.cpayPaymentRef && paid.cpayPaymentRef !== fields.cPayPaymentRef)
    logger.error(
      { paymentId, cpayRef: fields.cPayPaymentRef, paidRef: paid.cpayPaymentRef },
      "cPay charged a payment that was already paid: refund the second charge",
    );
  return { storeId, recorded: false };
}
