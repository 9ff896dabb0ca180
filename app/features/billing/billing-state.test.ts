import { describe, expect, it } from "vitest";
import { showsBillingBanner, trialState } from "./billing-state";
import { PLANS, yearlySavingPercent } from "./plans";

const at = (iso: string) => new Date(iso);
const trialEndsAt = at("2026-12-20T10:00:00Z");

describe("trial state", () => {
  it("is active with the days remaining and the next payment date while more than 7 days are left", () => {
    const state = trialState({ trialEndsAt }, at("2026-12-01T10:00:00Z"));
    expect(state).toMatchObject({ phase: "trial", status: "active", daysRemaining: 19 });
    expect(state.nextPaymentDate).toEqual(trialEndsAt);
    expect(showsBillingBanner(state)).toBe(false);
  });

  it("is ending soon at 7 days or fewer, and expired at the end (0 days)", () => {
    expect(trialState({ trialEndsAt }, at("2026-12-13T10:00:00Z"))).toMatchObject({
      status: "endingSoon",
      daysRemaining: 7,
    });
    // Calendar days in Skopje: the evening before the last day is 1 day, the last morning 0 ("today").
    expect(trialState({ trialEndsAt }, at("2026-12-19T21:00:00Z"))).toMatchObject({
      status: "endingSoon",
      daysRemaining: 1,
    });
    expect(trialState({ trialEndsAt }, at("2026-12-20T09:00:00Z"))).toMatchObject({
      status: "endingSoon",
      daysRemaining: 0,
    });
    // A few seconds more than 4 days is still "4 days" (the same day of the month).
    expect(trialState({ trialEndsAt }, at("2026-12-16T10:00:05Z"))).toMatchObject({ daysRemaining: 4 });
    const expired = trialState({ trialEndsAt }, at("2026-12-20T10:00:00Z"));
    expect(expired).toMatchObject({ status: "expired", daysRemaining: 0 });
    expect(showsBillingBanner(expired)).toBe(true);
  });

  it("after a payment counts to the end of the paid period", () => {
    const paidUntil = at("2027-01-20T10:00:00Z");
    const state = trialState({ trialEndsAt, paidUntil, plan: "monthly" }, at("2026-12-25T10:00:00Z"));
    expect(state).toMatchObject({ phase: "paid", status: "active", daysRemaining: 26, plan: "monthly" });
    expect(state.nextPaymentDate).toEqual(paidUntil);
  });

  it("without a recorded trial shows nothing", () => {
    expect(trialState({ trialEndsAt: null }, at("2026-12-25T10:00:00Z"))).toMatchObject({ status: "none" });
  });
});

describe("plans", () => {
  it("monthly 1,200 den, yearly 10,000 den: 4 months free, over 30 % saving", () => {
    expect(PLANS.monthly.priceCents).toBe(120_000);
    expect(PLANS.yearly.priceCents).toBe(1_000_000);
    expect(PLANS.yearly.freeMonths).toBe(4);
    expect(1 - PLANS.yearly.priceCents! / (12 * PLANS.monthly.priceCents!)).toBeGreaterThan(0.3);
    // Shown as "over 30 %": the whole percent below the true saving (30.6 %).
    expect(yearlySavingPercent()).toBe(30);
  });
});
