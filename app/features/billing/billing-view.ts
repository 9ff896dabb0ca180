import type { BillingState } from "./billing-state";
import type { PayablePlanId, PaymentMethod } from "./plans";
import type { PaymentRow, PaymentStatus } from "./transactions.queries.server";

// What the billing pages send to the browser: dates as ISO strings, no buyer details.

export type PaymentView = {
  id: string;
  reference: string;
  plan: PayablePlanId;
  method: PaymentMethod;
  amountCents: number;
  status: PaymentStatus;
  createdAt: string;
  dueAt: string;
  paidAt: string | null;
};

export type BillingStateView = Omit<BillingState, "nextPaymentDate"> & { nextPaymentDate: string | null };

export function paymentView(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    reference: row.reference,
    plan: row.plan,
    method: row.method,
    amountCents: row.amountCents,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    paidAt: row.paidAt ? new Date(row.paidAt).toISOString() : null,
  };
}

export function stateView(state: BillingState): BillingStateView {
  return { ...state, nextPaymentDate: state.nextPaymentDate?.toISOString() ?? null };
}
