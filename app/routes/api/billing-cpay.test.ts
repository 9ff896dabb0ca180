import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { paymentTransaction } from "~/db/schema/billing";
import { cpaySign, cpayVerify } from "~/features/billing/cpay.server";
import { choosePlan } from "~/features/billing/payment.server";
import { getStorePayment } from "~/features/billing/transactions.queries.server";
import { logger } from "~/lib/logger.server";
import { fakeCpayAnswer } from "../../../tests/support/fake-cpay";
import { post, startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as cpayRoute from "./billing-cpay";

// Issue 16: a card payment through CaSys cPay's hosted-payment-page protocol, with a fake cPay
// that signs its answers as cPay does. Only an answer signed with the merchant's key is believed.

const SECRET = "TEST_PASS";
process.env.CPAY_MERCHANT_ID = "1000000123";
process.env.CPAY_MERCHANT_NAME = "Vitrina";
process.env.CPAY_SECRET = SECRET;

type Args = { request: Request; context: unknown; params: Record<string, string> };
const call = (fn: unknown, args: Args) => (fn as (args: Args) => Promise<unknown>)(args);
const answer = (result: string, fields: Record<string, string>) =>
  call(cpayRoute.action, {
    request: post(`/api/billing/cpay/${result}`, fields),
    context: {},
    params: { result },
  });

let database: Database;
beforeAll(async () => {
  database = await startRouteDatabase();
});
afterAll(async () => {
  await closeDatabase();
});

async function cardPayment() {
  const shop = await createTestStore(database, { trialEndsAt: new Date("2026-12-20T10:00:00Z") });
  const chosen = await choosePlan(
    shop.ctx,
    { plan: "monthly", method: "card" },
    new Date("2026-12-01T09:00:00Z"),
  );
  if (chosen.start.kind !== "redirect") throw new Error("expected the hosted payment page");
  return { shop, chosen, posted: chosen.start.fields };
}

describe("cPay checksums", () => {
  it("signs in cPay's format and verifies an answer whose first two fields are swapped", () => {
    const { header, checksum } = cpaySign(
      [
        ["AmountToPay", "100"],
        ["Details1", "Детали"],
      ],
      SECRET,
    );
    // Two fields, their names, then each value's length in bytes (Cyrillic is two bytes a letter).
    expect(header).toBe("02AmountToPay,Details1,003012");
    expect(checksum).toMatch(/^[0-9A-F]{32}$/);
    const signed = fakeCpayAnswer({ A: "1", B: "22", C: "333" }, SECRET);
    expect(signed.ReturnCheckSumHeader).toBe("04B,A,C,cPayPaymentRef,002001003011");
    expect(cpayVerify(signed, SECRET)).toMatchObject({ A: "1", B: "22", C: "333" });
    expect(cpayVerify({ ...signed, C: "334" }, SECRET)).toBeNull();
    expect(cpayVerify(signed, "another key")).toBeNull();
    expect(cpayVerify({ ...signed, ReturnCheckSumHeader: "xx" }, SECRET)).toBeNull();
  });
});

describe("card payment through the hosted payment page", () => {
  it("the provider posts the amount and the payment to cPay; cPay's signed OK answer marks it paid", async () => {
    const { shop, chosen, posted } = await cardPayment();
    expect(posted).toMatchObject({
      AmountToPay: "120000",
      AmountCurrency: "MKD",
      PayToMerchant: "1000000123",
      Details2: chosen.paymentId,
    });
    expect(posted.PaymentOKURL).toMatch(/\/api\/billing\/cpay\/ok$/);
    const response = (await answer("ok", fakeCpayAnswer(posted, SECRET))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/settings/billing");
    expect((await getStorePayment(shop.ctx, chosen.paymentId))!.status).toBe("paid");
    // cPay may post the same answer again: nothing changes, no error.
    expect(await statusOf(() => answer("ok", fakeCpayAnswer(posted, SECRET)))).toBe(302);
  });

  it("a forged or tampered answer is refused and the payment stays pending", async () => {
    const { shop, chosen, posted } = await cardPayment();
    const forged = fakeCpayAnswer(posted, "guessed key");
    expect(await statusOf(() => answer("ok", forged))).toBe(400);
    // A lower amount, re-signed by someone without the key, fails the checksum too.
    const tampered = { ...fakeCpayAnswer(posted, SECRET), AmountToPay: "100" };
    expect(await statusOf(() => answer("ok", tampered))).toBe(400);
    // A correctly signed answer for an amount that is not this payment's is refused.
    const otherAmount = fakeCpayAnswer({ ...posted, AmountToPay: "100" }, SECRET);
    expect(await statusOf(() => answer("ok", otherAmount))).toBe(400);
    // cPay's "failed" answer changes nothing.
    expect(await statusOf(() => answer("fail", fakeCpayAnswer(posted, SECRET)))).toBe(302);
    expect((await getStorePayment(shop.ctx, chosen.paymentId))!.status).toBe("pending");
  });
});

describe("cPay's server-to-server notification (decision 0067)", () => {
  const paidEvents = async (paymentId: string) =>
    (
      await database.db
        .select()
        .from(paymentTransaction)
        .where(and(eq(paymentTransaction.paymentId, paymentId), eq(paymentTransaction.kind, "paid")))
    ).length;

  it("marks the plan paid when the payer never comes back; repeats and the late browser answer record nothing twice", async () => {
    const { shop, chosen, posted } = await cardPayment();
    const signed = fakeCpayAnswer(posted, SECRET);
    const first = (await answer("notify", signed)) as Response;
    expect([first.status, await first.text()]).toEqual([200, "OK"]);
    expect((await getStorePayment(shop.ctx, chosen.paymentId))!.status).toBe("paid");
    // The same notification again, then the browser's answer: both accepted, nothing recorded.
    expect(await statusOf(() => answer("notify", signed))).toBe(200);
    expect(await statusOf(() => answer("ok", signed))).toBe(302);
    expect(await paidEvents(chosen.paymentId)).toBe(1);
  });

  it("records one payment when the notification and the browser's answer arrive at once", async () => {
    const { chosen, posted } = await cardPayment();
    const signed = fakeCpayAnswer(posted, SECRET);
    const statuses = await Promise.all([
      statusOf(() => answer("notify", signed)),
      statusOf(() => answer("ok", signed)),
      statusOf(() => answer("notify", signed)),
    ]);
    expect(statuses).toEqual([200, 302, 200]);
    expect(await paidEvents(chosen.paymentId)).toBe(1);
  });

  it("refuses and logs a bad checksum, another order's reference, another amount or another merchant", async () => {
    const { shop, chosen, posted } = await cardPayment();
    const other = await cardPayment();
    const warn = vi.spyOn(logger, "warn");
    try {
      expect(await statusOf(() => answer("notify", fakeCpayAnswer(posted, "guessed key")))).toBe(400);
      expect(warn).toHaveBeenLastCalledWith(
        expect.objectContaining({ result: "notify", order: chosen.paymentId }),
        "cPay answer with a bad checksum: refused",
      );
      // Signed by cPay, but for the other order's reference (Details1) with this payment's id.
      const otherOrder = fakeCpayAnswer({ ...posted, Details1: other.posted.Details1! }, SECRET);
      expect(await statusOf(() => answer("notify", otherOrder))).toBe(400);
      expect(warn).toHaveBeenLastCalledWith(
        expect.objectContaining({ paymentId: chosen.paymentId, mismatch: ["order"] }),
        "cPay answer does not match its payment: refused",
      );
      const lower = fakeCpayAnswer({ ...posted, AmountToPay: "100" }, SECRET);
      expect(await statusOf(() => answer("notify", lower))).toBe(400);
      const merchant = fakeCpayAnswer({ ...posted, PayToMerchant: "1000000999" }, SECRET);
      expect(await statusOf(() => answer("notify", merchant))).toBe(400);
    } finally {
      warn.mockRestore();
    }
    expect((await getStorePayment(shop.ctx, chosen.paymentId))!.status).toBe("pending");
    expect(await paidEvents(chosen.paymentId)).toBe(0);
  });
});

describe("a flood of answers from one address", () => {
  it("is refused with 429 after 30 a minute, before any checksum is worked out; another address still gets through", async () => {
    const from = (address: string) => {
      const request = post("/api/billing/cpay/notify", { Details2: "VT-000001", CheckSum: "0".repeat(32) });
      request.headers.set("x-vitrina-client-ip", address);
      return call(cpayRoute.action, { request, context: {}, params: { result: "notify" } });
    };
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => logger);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push(await statusOf(() => from("203.0.113.9")));
      expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
      expect(statuses[30]).toBe(429);
      // The refused one was not even checked: 30 bad checksums logged, not 31.
      expect(warn.mock.calls.filter(([, message]) => String(message).includes("bad checksum"))).toHaveLength(
        30,
      );
      expect(await statusOf(() => from("203.0.113.10"))).toBe(400);
    } finally {
      warn.mockRestore();
    }
  });
});
