import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { paymentTransaction, storeBilling } from "~/db/schema/billing";
import { store } from "~/db/schema/stores";
import { CPAY_RETURN_FIELDS, cpaySign, cpayVerify } from "~/features/billing/cpay.server";
import { choosePlan } from "~/features/billing/payment.server";
import { getStorePayment } from "~/features/billing/transactions.queries.server";
import { logger } from "~/lib/logger.server";
import { fakeCpayAnswer, fakeCpayResigned } from "../../../tests/support/fake-cpay";
import { post, signedIn, startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as billingPage from "../dashboard/settings/billing";
import * as cpayRoute from "./billing-cpay";

// A card payment through CaSys cPay's hosted-payment-page protocol, with a fake cPay that answers
// as cPay does. Only cPay's signed return is believed, and only its server-to-server notification
// records a payment (decisions 0067, 0117).

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

async function cardPayment(overrides: Parameters<typeof createTestStore>[1] = {}) {
  const shop = await createTestStore(database, {
    trialEndsAt: new Date("2026-12-20T10:00:00Z"),
    ...overrides,
  });
  const chosen = await choosePlan(
    shop.ctx,
    { plan: "monthly", method: "card" },
    new Date("2026-12-01T09:00:00Z"),
  );
  if (chosen.start.kind !== "redirect") throw new Error("expected the hosted payment page");
  return { shop, chosen, posted: chosen.start.fields };
}

/** A store whose free month ended and that the expiry job made inactive for non-payment. */
async function suspendedCardPayment() {
  const suspendedAt = new Date("2026-11-25T08:00:00Z");
  const made = await cardPayment({ trialEndsAt: new Date("2026-11-20T10:00:00Z"), active: false });
  await database.db
    .insert(storeBilling)
    .values({ storeId: made.shop.storeId, suspendedAt, updatedAt: suspendedAt })
    .onConflictDoUpdate({ target: storeBilling.storeId, set: { suspendedAt } });
  return made;
}

const paidEvents = async (paymentId: string) =>
  (
    await database.db
      .select()
      .from(paymentTransaction)
      .where(and(eq(paymentTransaction.paymentId, paymentId), eq(paymentTransaction.kind, "paid")))
  ).length;

async function storeState(storeId: string) {
  const [row] = await database.db.select({ active: store.active }).from(store).where(eq(store.id, storeId));
  const [billing] = await database.db.select().from(storeBilling).where(eq(storeBilling.storeId, storeId));
  return {
    active: row!.active,
    paidUntil: billing?.paidUntil ?? null,
    suspendedAt: billing?.suspendedAt ?? null,
  };
}

/** What the owner's billing page says about the card payment they came back from. */
async function billingPageAfter(location: string, userId: string) {
  const data = (await call(billingPage.loader, {
    request: new Request(`http://localhost${location}`),
    context: signedIn(userId),
    params: {},
  })) as { cardReturn: string | null };
  return data.cardReturn;
}

/** The attack: the owner's own signed request, its CheckSumHeader and CheckSum renamed. */
function replayedRequest(posted: Record<string, string>) {
  const { CheckSumHeader, CheckSum, ...fields } = posted;
  return { ...fields, ReturnCheckSumHeader: CheckSumHeader!, ReturnCheckSum: CheckSum! };
}

describe("cPay checksums and the return field set", () => {
  it("signs in cPay's format: the specification's worked return example gives its published checksum", () => {
    // cPay merchant integration specification, appendix A: a return with 17 fields.
    const example: [string, string][] = [
      ["PaymentFailURL", "www.FailUrl.com.mk"],
      ["PaymentOKURL", "www.OKUrl.com.mk"],
      ["AmountToPay", "100"],
      ["AmountCurrency", "MKD"],
      ["PayToMerchant", "1234567890"],
      ["Details1", "Detali 1"],
      ["Details2", "123"],
      ["MerchantName", "ImeNaTrgovecot"],
      ["FirstName", "Petar"],
      ["LastName", "Petrevski"],
      ["Telephone", "021234567"],
      ["Email", "petarp@gmail.com"],
      ["City", "Skopje"],
      ["Country", "Makedonija"],
      ["OriginalAmount", "10"],
      ["OriginalCurrency", "EUR"],
      ["cPayPaymentRef", "123456"],
    ];
    const { header, checksum } = cpaySign(example, "TEST_PASS");
    expect(header).toBe(
      "17PaymentFailURL,PaymentOKURL,AmountToPay,AmountCurrency,PayToMerchant,Details1,Details2,MerchantName,FirstName,LastName,Telephone,Email,City,Country,OriginalAmount,OriginalCurrency,cPayPaymentRef,018016003003010008003014005009009016006010002003006",
    );
    expect(checksum).toBe("E3B667B51E102641D084C7BBABAEB985");
    // Two fields, their names, then each value's length in bytes.
    expect(cpaySign([["AmountToPay", "100"]], SECRET).header).toBe("01AmountToPay,003");
  });

  it("believes cPay's answer to our request and nothing else signed with the same key", async () => {
    const { chosen, posted } = await cardPayment();
    const answer = fakeCpayAnswer(posted, SECRET);
    // cPay's answer: our request's fields, the first two swapped, and its reference last.
    expect(answer.ReturnCheckSumHeader).toMatch(
      /^09PaymentFailURL,PaymentOKURL,AmountToPay,AmountCurrency,PayToMerchant,Details1,Details2,MerchantName,cPayPaymentRef,\d{27}$/,
    );
    expect(cpayVerify(answer, SECRET)).toMatchObject({
      Details2: chosen.paymentId,
      cPayPaymentRef: answer.cPayPaymentRef,
    });
    expect(Object.keys(cpayVerify(answer, SECRET)!).sort()).toEqual([...CPAY_RETURN_FIELDS].sort());
    // Our own request under the return's names: the right key, but not cPay's field set.
    expect(cpayVerify(replayedRequest(posted), SECRET)).toBeNull();
    // A field list without cPayPaymentRef, or with a field more, even signed with the key.
    const { cPayPaymentRef: _ref, ...withoutRef } = answer;
    const unsigned = cpaySign(
      (answer.ReturnCheckSumHeader!.slice(2).split(",").slice(0, 8) as string[]).map((name) => [
        name,
        withoutRef[name]!,
      ]),
      SECRET,
    );
    expect(
      cpayVerify(
        { ...withoutRef, ReturnCheckSumHeader: unsigned.header, ReturnCheckSum: unsigned.checksum },
        SECRET,
      ),
    ).toBeNull();
    const extra = fakeCpayResigned(
      {
        ...answer,
        ReturnCheckSumHeader: answer.ReturnCheckSumHeader!.replace(
          "cPayPaymentRef,",
          "cPayPaymentRef,Extra,",
        ),
      },
      { Extra: "1" },
      SECRET,
    );
    expect(cpayVerify(extra, SECRET)).toBeNull();
    // Tampered, another key, a broken header.
    expect(cpayVerify({ ...answer, AmountToPay: "100" }, SECRET)).toBeNull();
    expect(cpayVerify(answer, "another key")).toBeNull();
    expect(cpayVerify({ ...answer, ReturnCheckSumHeader: "xx" }, SECRET)).toBeNull();
  });
});

describe("the replayed request (the owner's own signed fields posted back as cPay's answer)", () => {
  it("is refused at the notification and at the browser's return: nothing paid, paidUntil unchanged, the store stays suspended", async () => {
    const { shop, chosen, posted } = await suspendedCardPayment();
    const before = await storeState(shop.storeId);
    expect(before).toMatchObject({ active: false, paidUntil: null });
    expect(before.suspendedAt).not.toBeNull();
    const warn = vi.spyOn(logger, "warn");
    try {
      for (const result of ["notify", "ok"]) {
        expect(await statusOf(() => answer(result, replayedRequest(posted)))).toBe(400);
        expect(warn).toHaveBeenLastCalledWith(
          expect.objectContaining({ result, order: chosen.paymentId }),
          "cPay answer that is not cPay's signed return: refused",
        );
      }
    } finally {
      warn.mockRestore();
    }
    expect((await getStorePayment(shop.ctx, chosen.paymentId))!.status).toBe("pending");
    expect(await paidEvents(chosen.paymentId)).toBe(0);
    expect(await storeState(shop.storeId)).toEqual(before);
  });
});

describe("the payer's browser back from cPay (PaymentOKURL)", () => {
  it("records nothing: the billing page says the payment is being confirmed", async () => {
    const { shop, chosen, posted } = await suspendedCardPayment();
    const before = await storeState(shop.storeId);
    const response = (await answer("ok", fakeCpayAnswer(posted, SECRET))) as Response;
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toBe(`/dashboard/settings/billing?card=${chosen.paymentId}`);
    expect((await getStorePayment(shop.ctx, chosen.paymentId))!.status).toBe("pending");
    expect(await paidEvents(chosen.paymentId)).toBe(0);
    expect(await storeState(shop.storeId)).toEqual(before);
    expect(await billingPageAfter(location, shop.userId)).toBe("confirming");
    // Another owner's page says nothing about this payment.
    const stranger = await createTestStore(database);
    expect(await billingPageAfter(location, stranger.userId)).toBeNull();
  });

  it("after cPay's notification the same page says paid; the store is active again with its next payment date", async () => {
    const { shop, chosen, posted } = await suspendedCardPayment();
    const signed = fakeCpayAnswer(posted, SECRET);
    const notified = (await answer("notify", signed)) as Response;
    expect([notified.status, await notified.text()]).toEqual([200, "OK"]);
    const back = (await answer("ok", signed)) as Response;
    expect(await billingPageAfter(back.headers.get("Location")!, shop.userId)).toBe("paid");
    const after = await storeState(shop.storeId);
    expect(after).toMatchObject({ active: true, suspendedAt: null });
    expect(after.paidUntil).not.toBeNull();
    expect(await paidEvents(chosen.paymentId)).toBe(1);
  });

  it("cPay's failed answer changes nothing", async () => {
    const { shop, chosen, posted } = await cardPayment();
    const response = (await answer("fail", fakeCpayAnswer(posted, SECRET))) as Response;
    expect([response.status, response.headers.get("Location")]).toEqual([303, "/dashboard/settings/billing"]);
    expect((await getStorePayment(shop.ctx, chosen.paymentId))!.status).toBe("pending");
  });
});

describe("cPay's server-to-server notification (decisions 0067, 0117)", () => {
  it("the provider posts the amount and the payment to cPay; cPay's signed notification marks it paid with its reference", async () => {
    const { shop, chosen, posted } = await cardPayment();
    expect(posted).toMatchObject({
      AmountToPay: "120000",
      AmountCurrency: "MKD",
      PayToMerchant: "1000000123",
      Details2: chosen.paymentId,
    });
    expect(posted.PaymentOKURL).toMatch(/\/api\/billing\/cpay\/ok$/);
    const signed = fakeCpayAnswer(posted, SECRET);
    expect(await statusOf(() => answer("notify", signed))).toBe(200);
    expect((await getStorePayment(shop.ctx, chosen.paymentId))!.status).toBe("paid");
    const [paid] = await database.db
      .select()
      .from(paymentTransaction)
      .where(and(eq(paymentTransaction.paymentId, chosen.paymentId), eq(paymentTransaction.kind, "paid")));
    expect(paid!.cpayPaymentRef).toBe(signed.cPayPaymentRef);
  });

  it("refuses a cPay reference that already paid another payment: the second payment stays pending", async () => {
    const first = await cardPayment();
    const second = await cardPayment();
    const reference = "4711000001";
    expect(await statusOf(() => answer("notify", fakeCpayAnswer(first.posted, SECRET, reference)))).toBe(200);
    const warn = vi.spyOn(logger, "warn");
    try {
      expect(await statusOf(() => answer("notify", fakeCpayAnswer(second.posted, SECRET, reference)))).toBe(
        409,
      );
      expect(warn).toHaveBeenLastCalledWith(
        expect.objectContaining({ paymentId: second.chosen.paymentId, cpayRef: reference }),
        "cPay reference already paid another payment: refused",
      );
    } finally {
      warn.mockRestore();
    }
    expect((await getStorePayment(second.shop.ctx, second.chosen.paymentId))!.status).toBe("pending");
    expect(await paidEvents(second.chosen.paymentId)).toBe(0);
  });

  it("the database refuses the same cPay reference on two paid events, whatever the code does", async () => {
    const first = await cardPayment();
    const second = await cardPayment();
    const reference = "4711000002";
    const paidEvent = (made: typeof first) => ({
      paymentId: made.chosen.paymentId,
      storeId: made.shop.storeId,
      kind: "paid" as const,
      cpayPaymentRef: reference,
    });
    await database.db.insert(paymentTransaction).values(paidEvent(first));
    await expect(database.db.insert(paymentTransaction).values(paidEvent(second))).rejects.toThrow();
  });

  it("records once when repeated, in any order with the browser's return, or all at once", async () => {
    const { chosen, posted } = await cardPayment();
    const signed = fakeCpayAnswer(posted, SECRET);
    const statuses = await Promise.all([
      statusOf(() => answer("notify", signed)),
      statusOf(() => answer("ok", signed)),
      statusOf(() => answer("notify", signed)),
    ]);
    expect(statuses).toEqual([200, 303, 200]);
    expect(await statusOf(() => answer("notify", signed))).toBe(200);
    expect(await paidEvents(chosen.paymentId)).toBe(1);
  });

  it("refuses and logs a bad checksum, another order's reference, another amount or another merchant", async () => {
    const { shop, chosen, posted } = await cardPayment();
    const other = await cardPayment();
    const signed = fakeCpayAnswer(posted, SECRET);
    const warn = vi.spyOn(logger, "warn");
    try {
      expect(await statusOf(() => answer("notify", fakeCpayResigned(signed, {}, "guessed key")))).toBe(400);
      expect(warn).toHaveBeenLastCalledWith(
        expect.objectContaining({ result: "notify", order: chosen.paymentId }),
        "cPay answer that is not cPay's signed return: refused",
      );
      // Signed by cPay, but for the other order's reference (Details1) with this payment's id.
      const otherOrder = fakeCpayResigned(signed, { Details1: other.posted.Details1! }, SECRET);
      expect(await statusOf(() => answer("notify", otherOrder))).toBe(400);
      expect(warn).toHaveBeenLastCalledWith(
        expect.objectContaining({ paymentId: chosen.paymentId, mismatch: ["order"] }),
        "cPay answer does not match its payment: refused",
      );
      const lower = fakeCpayResigned(signed, { AmountToPay: "100" }, SECRET);
      expect(await statusOf(() => answer("notify", lower))).toBe(400);
      const merchant = fakeCpayResigned(signed, { PayToMerchant: "1000000999" }, SECRET);
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
      // The refused one was not even checked: 30 refusals logged, not 31.
      expect(warn.mock.calls.filter(([, message]) => String(message).includes("refused"))).toHaveLength(30);
      expect(await statusOf(() => from("203.0.113.10"))).toBe(400);
    } finally {
      warn.mockRestore();
    }
  });
});
