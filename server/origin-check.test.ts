import { describe, expect, it } from "vitest";
import { crossSiteWriteAllowed } from "./origin-check";

describe("which paths another site may post to", () => {
  it("lets cPay's page post the payer's answer back, and nothing else of the app", () => {
    // The payer's browser posts cPay's signed answer from cPay's own origin (decision 0067).
    expect(crossSiteWriteAllowed("/api/billing/cpay/ok")).toBe(true);
    expect(crossSiteWriteAllowed("/api/billing/cpay/fail")).toBe(true);
    expect(crossSiteWriteAllowed("/api/auth/sign-in/email")).toBe(true);
    for (const path of [
      "/dashboard/payment",
      "/dashboard/settings/billing",
      "/admin/transactions",
      "/api/billing",
    ])
      expect([path, crossSiteWriteAllowed(path)]).toEqual([path, false]);
  });
});
