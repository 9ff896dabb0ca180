import type { PaymentMethod } from "./plans";

// Decision 0042: payment goes through a provider (PRODUCT.md "Payments"). A provider turns a freshly
// created pending payment into the owner's next step; confirming the money is its other half
// (the admin's "mark paid" for a bank transfer, a verified callback for a card). See
// docs/billing.md for how a card provider (CaSys cPay) fits.

export type PaymentForProvider = {
  id: string;
  reference: string;
  amountCents: number;
  currency: string;
};

/** What the owner does after choosing a plan. */
export type PaymentStart =
  /** Download the pro-forma invoice and pay it by bank transfer; an admin confirms it later. */
  | { kind: "invoice" }
  /** Go to the provider's hosted payment page (a card). */
  | { kind: "redirect"; url: string; fields: Record<string, string> };

export interface PaymentProvider {
  readonly method: PaymentMethod;
  start(payment: PaymentForProvider): PaymentStart;
}

/** The built-in provider: a pro-forma invoice, paid by bank transfer, confirmed by an admin. */
export const bankTransferProvider: PaymentProvider = {
  method: "bank_transfer",
  start: () => ({ kind: "invoice" }),
};
