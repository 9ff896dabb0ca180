// The one place the plans and their prices live (PRODUCT.md "Plans"). The
// billing pages, the pro-forma invoice and the landing page's pricing section all read this file.

export const PLAN_IDS = ["monthly", "yearly", "custom"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** The plans an owner pays for online (custom is agreed through the contact form). */
export const PAYABLE_PLAN_IDS = ["monthly", "yearly"] as const;
export type PayablePlanId = (typeof PAYABLE_PLAN_IDS)[number];

/** How a payment is made: the built-in bank transfer, or a card provider behind the same interface. */
export const PAYMENT_METHODS = ["bank_transfer", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A payment's status, derived from its events (decision 0041); isomorphic, for lists in the browser. */
export const PAYMENT_STATUSES = ["pending", "paid", "cancelled", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export type Plan = {
  id: PlanId;
  /** Price in MKD cents (1,200 den = 120000); null for custom (by agreement). */
  priceCents: number | null;
  /** How long one payment keeps the store active. */
  months: number | null;
  /** Months the yearly price gives for free compared with twelve monthly payments. */
  freeMonths: number;
};

export const CURRENCY = "MKD";

/** A free month from the end of onboarding (PRODUCT.md "Plans"). */
export const TRIAL_MONTHS = 1;

/** "Ending soon": seven days or fewer left. */
export const ENDING_SOON_DAYS = 7;

/** Days a pro-forma invoice gives the payer before it is due. */
export const INVOICE_DUE_DAYS = 8;

export const PLANS: Record<PlanId, Plan> = {
  monthly: { id: "monthly", priceCents: 1_200_00, months: 1, freeMonths: 0 },
  yearly: { id: "yearly", priceCents: 10_000_00, months: 12, freeMonths: 4 },
  custom: { id: "custom", priceCents: null, months: null, freeMonths: 0 },
};

/** The yearly plan's saving against twelve monthly payments, rounded down ("over 30 %"). */
export function yearlySavingPercent(): number {
  const twelveMonths = PLANS.monthly.priceCents! * 12;
  return Math.floor(((twelveMonths - PLANS.yearly.priceCents!) / twelveMonths) * 100);
}

export function isPayablePlan(value: unknown): value is PayablePlanId {
  return (PAYABLE_PLAN_IDS as readonly unknown[]).includes(value);
}
