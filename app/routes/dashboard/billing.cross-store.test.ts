import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { customPlanRequest, payment, paymentTransaction, storeBilling } from "~/db/schema/billing";
import { choosePlan } from "~/features/billing/payment.server";
import { listStorePayments } from "~/features/billing/transactions.queries.server";
import {
  call,
  get,
  post,
  signedIn,
  startRouteDatabase,
  statusOf,
} from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as paymentRoute from "./payment";
import * as changeRoute from "./payment-change";
import * as invoiceRoute from "./payment-invoice";
import * as billingRoute from "./settings/billing";

// With two stores, every billing route and action reaches only the signed-in owner's
// store: another store's invoice is 404, a forged store id in a form is ignored, and the other
// store's payments, events, plan state and requests are unchanged.

let database: Database;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;
let theirPaymentId: string;
let theirReference: string;
const now = new Date("2026-12-01T09:00:00Z");

async function snapshot() {
  const id = theirs.storeId;
  return JSON.stringify({
    payments: await database.db.select().from(payment).where(eq(payment.storeId, id)),
    events: await database.db.select().from(paymentTransaction).where(eq(paymentTransaction.storeId, id)),
    billing: await database.db.select().from(storeBilling).where(eq(storeBilling.storeId, id)),
    requests: await database.db.select().from(customPlanRequest).where(eq(customPlanRequest.storeId, id)),
  });
}

beforeAll(async () => {
  database = await startRouteDatabase();
  mine = await createTestStore(database, { trialEndsAt: new Date("2026-12-20T10:00:00Z") });
  theirs = await createTestStore(database, { trialEndsAt: new Date("2026-12-20T10:00:00Z") });
  const chosen = await choosePlan(theirs.ctx, { plan: "yearly", method: "bank_transfer" }, now);
  theirPaymentId = chosen.paymentId;
  theirReference = chosen.reference;
});
afterAll(async () => {
  await closeDatabase();
});

describe("billing routes: another store's payments are out of reach", () => {
  it("another store's invoice answers 404 (and a malformed id too); my own is a PDF with my reference", async () => {
    const context = signedIn(mine.userId);
    const invoice = (paymentId: string) =>
      call(invoiceRoute.loader, {
        request: get(`/dashboard/payment/invoice/${paymentId}`),
        context,
        params: { paymentId },
      });
    expect(await statusOf(() => invoice(theirPaymentId))).toBe(404);
    expect(await statusOf(() => invoice("not-a-uuid"))).toBe(404);

    const own = await choosePlan(mine.ctx, { plan: "monthly", method: "bank_transfer" }, now);
    const response = (await invoice(own.paymentId)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "invoice-")), "invoice.pdf");
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain(own.reference);
    expect(text).toContain("Test DOOEL");
    expect(text).not.toContain(theirReference);
  });

  it("the billing pages list only my payments", async () => {
    const context = signedIn(mine.userId);
    for (const [route, url] of [
      [billingRoute, "/dashboard/settings/billing"],
      [paymentRoute, "/dashboard/payment"],
      [changeRoute, "/dashboard/payment/change"],
    ] as const) {
      const data = (await call(route.loader, { request: get(url), context, params: {} })) as {
        failed: boolean;
        payments: { reference: string }[];
      };
      expect(data.failed).toBe(false);
      expect(data.payments.map((row) => row.reference)).not.toContain(theirReference);
    }
  });

  it("choosing, changing and the custom-plan form act on my store only, whatever store id is posted", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const forged = { storeId: theirs.storeId, paymentId: theirPaymentId };
    const choose = await statusOf(() =>
      call(paymentRoute.action, {
        request: post("/dashboard/payment", {
          intent: "choose",
          plan: "yearly",
          method: "bank_transfer",
          ...forged,
        }),
        context,
        params: {},
      }),
    );
    expect(choose).toBe(302);
    const change = await statusOf(() =>
      call(changeRoute.action, {
        request: post("/dashboard/payment/change", {
          intent: "choose",
          plan: "monthly",
          method: "bank_transfer",
          ...forged,
        }),
        context,
        params: {},
      }),
    );
    expect(change).toBe(302);
    const custom = await statusOf(() =>
      call(paymentRoute.action, {
        request: post("/dashboard/payment", {
          intent: "custom",
          message: "We have five shops in Bitola.",
          ...forged,
        }),
        context,
        params: {},
      }),
    );
    expect(custom).toBe(200);
    expect(await snapshot()).toBe(before);
    const my = await listStorePayments(mine.ctx);
    expect(my.filter((row) => row.status === "pending").map((row) => row.plan)).toEqual(["monthly"]);
    expect((await listStorePayments(theirs.ctx)).map((row) => row.status)).toEqual(["pending"]);
  });

  it("an invalid plan or method is a field error, and nothing is created", async () => {
    const context = signedIn(mine.userId);
    const count = (await listStorePayments(mine.ctx)).length;
    const invalid: Record<string, string>[] = [
      { intent: "choose", plan: "custom", method: "bank_transfer" },
      { intent: "choose", plan: "monthly", method: "cash" },
      { intent: "refund" },
    ];
    for (const fields of invalid) {
      const status = await statusOf(() =>
        call(paymentRoute.action, { request: post("/dashboard/payment", fields), context, params: {} }),
      );
      expect([fields, status]).toEqual([fields, 400]);
    }
    expect((await listStorePayments(mine.ctx)).length).toBe(count);
  });
});
