import { skopjeDay } from "~/lib/calendar";
import { ENDING_SOON_DAYS, type PayablePlanId } from "./plans";

// The trial and plan state an owner sees (days remaining, next payment date) and
// the banner's rule. Pure, on an injected "now" (the process clock in routes, a fixed one in tests).

export type BillingStatus = "active" | "endingSoon" | "expired" | "none";

export type BillingState = {
  /** "trial" until a first payment is recorded, then "paid". */
  phase: "trial" | "paid";
  /** "none": no trial recorded yet (a store still in onboarding). */
  status: BillingStatus;
  /**
   * Skopje calendar days until the day the next payment is due (0 on that day and once expired),
   * as a person counts them and as the reminders do; null with status "none".
   */
  daysRemaining: number | null;
  /** When the trial or the paid period ends: the date the next payment is due. */
  nextPaymentDate: Date | null;
  plan: PayablePlanId | null;
};

export type BillingFacts = {
  trialEndsAt: Date | null;
  paidUntil?: Date | null;
  plan?: PayablePlanId | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The trial or plan state of a store at `now`. */
export function trialState(facts: BillingFacts, now: Date): BillingState {
  const paidUntil = facts.paidUntil ?? null;
  const phase = paidUntil ? "paid" : "trial";
  const end = latestDate(facts.trialEndsAt, paidUntil);
  const plan = facts.plan ?? null;
  if (!end) return { phase, status: "none", daysRemaining: null, nextPaymentDate: null, plan };
  const left = end.getTime() - now.getTime();
  if (left <= 0) return { phase, status: "expired", daysRemaining: 0, nextPaymentDate: end, plan };
  const daysRemaining = Math.round(
    (Date.parse(`${skopjeDay(end)}T12:00:00Z`) - Date.parse(`${skopjeDay(now)}T12:00:00Z`)) / DAY_MS,
  );
  const status = daysRemaining <= ENDING_SOON_DAYS ? "endingSoon" : "active";
  return { phase, status, daysRemaining, nextPaymentDate: end, plan };
}

/** The banner on every dashboard page: only when the end is near or past. */
export function showsBillingBanner(state: BillingState): boolean {
  return state.status === "endingSoon" || state.status === "expired";
}

/** The latest of the dates given (nulls ignored); null when there is none. */
export function latestDate(...dates: (Date | null | undefined)[]): Date | null {
  const times = dates.filter((d): d is Date => !!d).map((d) => d.getTime());
  return times.length ? new Date(Math.max(...times)) : null;
}

/** `months` calendar months after `from` (the same day of the month, as the trial counts). */
export function addMonths(from: Date, months: number): Date {
  const next = new Date(from);
  next.setMonth(next.getMonth() + months);
  return next;
}
