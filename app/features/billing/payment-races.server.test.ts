import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payment, paymentTransaction, storeBilling } from "~/db/schema/billing";
import { createTestStore, createTestUser, databaseForThisFile } from "../../../tests/support/test-db";
import { cancelTransaction, choosePlan, markTransactionPaid } from "./payment.server";

// An attacker's re-check: the same billing call sent several times at once (a double
// click, a replayed request, two admins) must leave the rows one call would. On PostgreSQL these
// calls really run side by side (TEST_DATABASE_URL); each test reads only its own store's rows.

const database = databaseForThisFile();
const at = (iso: string) => new Date(iso);

async function shop() {
  const made = await createTestStore(database, {
    trialEndsAt: at("2026-12-20T10:00:00Z"),
    name: `Race ${Math.random()}`,
  });
  const admin = await createTestUser(database, { role: "admin" });
  return { ...made, admin: { userId: admin.id } };
}

async function eventsOfStore(storeId: string) {
  const rows = await database.db
    .select({ kind: paymentTransaction.kind, paymentId: paymentTransaction.paymentId })
    .from(paymentTransaction)
    .where(eq(paymentTransaction.storeId, storeId));
  return rows;
}

describe("billing calls sent at once", () => {
  it("five plan choices at once leave exactly one pending payment", async () => {
    const s = await shop();
    const chosen = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        choosePlan(
          s.ctx,
          { plan: i % 2 ? "monthly" : "yearly", method: "bank_transfer" },
          at("2026-12-01T09:00:00Z"),
        ),
      ),
    );
    const payments = await database.db.select().from(payment).where(eq(payment.storeId, s.storeId));
    expect(payments).toHaveLength(5);
    const events = await eventsOfStore(s.storeId);
    const closed = new Set(events.filter((e) => e.kind === "cancelled").map((e) => e.paymentId));
    const open = payments.filter((row) => !closed.has(row.id));
    expect(open).toHaveLength(1);
    // The one left open is the last choice made, and each payment has one "created".
    expect(chosen.map((c) => c.paymentId)).toContain(open[0]!.id);
    expect(events.filter((e) => e.kind === "created")).toHaveLength(5);
  });

  it("marking the same payment paid three times at once pays once and moves the date once", async () => {
    const s = await shop();
    const { paymentId } = await choosePlan(
      s.ctx,
      { plan: "monthly", method: "bank_transfer" },
      at("2026-12-01T09:00:00Z"),
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 3 }, () =>
        markTransactionPaid({
          db: database.db,
          transactionId: paymentId,
          actor: s.admin,
          now: at("2026-12-02T09:00:00Z"),
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const refused of outcomes.filter((o) => o.status === "rejected"))
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "paymentNotPending" });
    const events = await eventsOfStore(s.storeId);
    expect(events.filter((e) => e.kind === "paid")).toHaveLength(1);
    const [billing] = await database.db
      .select()
      .from(storeBilling)
      .where(eq(storeBilling.storeId, s.storeId));
    // One month past the trial's end, not three.
    expect(billing!.paidUntil!.toISOString()).toBe("2027-01-20T10:00:00.000Z");
  });

  it("paid and cancelled at the same moment: one wins, the other is refused", async () => {
    const s = await shop();
    const { paymentId } = await choosePlan(
      s.ctx,
      { plan: "monthly", method: "bank_transfer" },
      at("2026-12-01T09:00:00Z"),
    );
    const call = {
      db: database.db,
      transactionId: paymentId,
      actor: s.admin,
      now: at("2026-12-02T09:00:00Z"),
    };
    const outcomes = await Promise.allSettled([markTransactionPaid(call), cancelTransaction(call)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const kinds = (await eventsOfStore(s.storeId)).map((e) => e.kind).sort();
    expect([
      ["cancelled", "created"],
      ["created", "paid"],
    ]).toContainEqual(kinds);
  });
});
