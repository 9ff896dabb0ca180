import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payment, paymentTransaction, storeBilling } from "~/db/schema/billing";
import { store } from "~/db/schema/stores";
import { createTestStore, createTestUser, databaseForThisFile } from "../../../tests/support/test-db";
import { suspendExpiredStores } from "./expiry.server";
import { cancelTransaction, choosePlan, markTransactionPaid, refundTransaction } from "./payment.server";
import { getStorePayment, listStorePayments, listTransactions } from "./transactions.queries.server";

const database = databaseForThisFile();

// Injected instants, never the real date.
const at = (iso: string) => new Date(iso);
const trialEnd = at("2026-12-20T10:00:00Z");

async function shopWithTrial() {
  const shop = await createTestStore(database, { trialEndsAt: trialEnd, name: `Shop ${Math.random()}` });
  const admin = await createTestUser(database, { role: "admin" });
  return { ...shop, admin: { userId: admin.id } };
}

const admin = (shop: { admin: { userId: string } }) => ({ db: database.db, actor: shop.admin });

async function eventsOf(paymentId: string) {
  const rows = await database.db
    .select()
    .from(paymentTransaction)
    .where(eq(paymentTransaction.paymentId, paymentId))
    .orderBy(paymentTransaction.createdAt);
  return rows.map((row) => row.kind);
}

describe("billing payments", () => {
  it("choosing a plan creates a pending payment with its created event, the plan's price and a reference", async () => {
    const shop = await shopWithTrial();
    const chosen = await choosePlan(
      shop.ctx,
      { plan: "monthly", method: "bank_transfer" },
      at("2026-12-01T09:00:00Z"),
    );
    expect(chosen.start).toEqual({ kind: "invoice" });
    expect(chosen.reference).toMatch(/^VT-\d{6}$/);
    const row = await getStorePayment(shop.ctx, chosen.paymentId);
    expect(row).toMatchObject({ status: "pending", amountCents: 120000, currency: "MKD", plan: "monthly" });
    expect(row!.buyer.companyName).toBe("Test DOOEL");
    // Due when the trial ends (later than the usual eight days).
    expect(row!.dueAt.toISOString()).toBe(trialEnd.toISOString());
    expect(await eventsOf(chosen.paymentId)).toEqual(["created"]);
  });

  it("choosing again (a switch) cancels the pending payment by a new event, never by editing it", async () => {
    const shop = await shopWithTrial();
    const first = await choosePlan(
      shop.ctx,
      { plan: "monthly", method: "bank_transfer" },
      at("2026-12-01T09:00:00Z"),
    );
    const second = await choosePlan(
      shop.ctx,
      { plan: "yearly", method: "bank_transfer" },
      at("2026-12-01T09:05:00Z"),
    );
    expect(await eventsOf(first.paymentId)).toEqual(["created", "cancelled"]);
    const list = await listStorePayments(shop.ctx);
    expect(list.map((row) => [row.plan, row.status])).toEqual([
      ["yearly", "pending"],
      ["monthly", "cancelled"],
    ]);
    expect(list[0]!.amountCents).toBe(1_000_000);
    expect(second.reference).not.toBe(first.reference);
  });

  it("marking paid activates the plan and moves the next payment date one period past the trial", async () => {
    const shop = await shopWithTrial();
    const chosen = await choosePlan(
      shop.ctx,
      { plan: "yearly", method: "bank_transfer" },
      at("2026-12-01T09:00:00Z"),
    );
    const { paidUntil } = await markTransactionPaid({
      db: database.db,
      transactionId: chosen.paymentId,
      actor: shop.admin,
      now: at("2026-12-02T09:00:00Z"),
    });
    expect(paidUntil.toISOString()).toBe("2027-12-20T10:00:00.000Z");
    const [billing] = await database.db
      .select()
      .from(storeBilling)
      .where(eq(storeBilling.storeId, shop.storeId));
    expect(billing).toMatchObject({ plan: "yearly", method: "bank_transfer" });
    expect(await eventsOf(chosen.paymentId)).toEqual(["created", "paid"]);
    // Twice is refused: the payment is no longer pending.
    await expect(
      markTransactionPaid({ db: database.db, transactionId: chosen.paymentId, actor: shop.admin }),
    ).rejects.toMatchObject({ code: "paymentNotPending" });
    await expect(
      cancelTransaction({ db: database.db, transactionId: chosen.paymentId, actor: shop.admin }),
    ).rejects.toMatchObject({ code: "paymentNotPending" });
  });

  it("after expiry the store is inactive; paying reactivates it at once", async () => {
    const shop = await shopWithTrial();
    const after = at("2026-12-21T08:00:00Z");
    expect(await suspendExpiredStores({ db: database.db, now: after, storeIds: [shop.storeId] })).toBe(1);
    const [inactive] = await database.db.select().from(store).where(eq(store.id, shop.storeId));
    expect(inactive!.active).toBe(false);
    const chosen = await choosePlan(shop.ctx, { plan: "monthly", method: "bank_transfer" }, after);
    // Due eight days after choosing, the trial being over.
    expect((await getStorePayment(shop.ctx, chosen.paymentId))!.dueAt.toISOString()).toBe(
      "2026-12-29T08:00:00.000Z",
    );
    const { paidUntil } = await markTransactionPaid({
      db: database.db,
      transactionId: chosen.paymentId,
      actor: shop.admin,
      now: at("2026-12-22T08:00:00Z"),
    });
    expect(paidUntil.toISOString()).toBe("2027-01-22T08:00:00.000Z");
    const [active] = await database.db.select().from(store).where(eq(store.id, shop.storeId));
    expect(active!.active).toBe(true);
    // The next run leaves a paid store alone.
    await suspendExpiredStores({
      db: database.db,
      now: at("2026-12-23T08:00:00Z"),
      storeIds: [shop.storeId],
    });
    const [still] = await database.db.select().from(store).where(eq(store.id, shop.storeId));
    expect(still!.active).toBe(true);
  });

  it("a store an admin deactivated is not reactivated by a payment", async () => {
    const shop = await shopWithTrial();
    await database.db.update(store).set({ active: false }).where(eq(store.id, shop.storeId));
    const chosen = await choosePlan(
      shop.ctx,
      { plan: "monthly", method: "bank_transfer" },
      at("2026-12-01T09:00:00Z"),
    );
    await markTransactionPaid({ db: database.db, transactionId: chosen.paymentId, actor: shop.admin });
    const [row] = await database.db.select().from(store).where(eq(store.id, shop.storeId));
    expect(row!.active).toBe(false);
  });

  it("a refund takes the paid period back; cancel is recorded with its note", async () => {
    const shop = await shopWithTrial();
    const first = await choosePlan(
      shop.ctx,
      { plan: "monthly", method: "bank_transfer" },
      at("2026-12-01T09:00:00Z"),
    );
    await markTransactionPaid({
      ...admin(shop),
      transactionId: first.paymentId,
      now: at("2026-12-01T10:00:00Z"),
    });
    const refund = await refundTransaction({
      ...admin(shop),
      transactionId: first.paymentId,
      now: at("2026-12-01T11:00:00Z"),
    });
    expect(refund.paidUntil).toBeNull();
    expect(await eventsOf(first.paymentId)).toEqual(["created", "paid", "refunded"]);
    const second = await choosePlan(
      shop.ctx,
      { plan: "monthly", method: "bank_transfer" },
      at("2026-12-02T09:00:00Z"),
    );
    await cancelTransaction({
      ...admin(shop),
      transactionId: second.paymentId,
      note: "wrong",
      now: at("2026-12-02T10:00:00Z"),
    });
    const [, cancelled] = await database.db
      .select()
      .from(paymentTransaction)
      .where(eq(paymentTransaction.paymentId, second.paymentId))
      .orderBy(paymentTransaction.createdAt);
    expect(cancelled).toMatchObject({ kind: "cancelled", note: "wrong", actorId: shop.admin.userId });
    expect((await getStorePayment(shop.ctx, second.paymentId))!.status).toBe("cancelled");
  });

  it("payments and their events cannot be edited", async () => {
    const shop = await shopWithTrial();
    const chosen = await choosePlan(
      shop.ctx,
      { plan: "monthly", method: "bank_transfer" },
      at("2026-12-01T09:00:00Z"),
    );
    await expect(
      database.db.update(payment).set({ amountCents: 1 }).where(eq(payment.id, chosen.paymentId)),
    ).rejects.toThrow();
    await expect(
      database.db
        .update(paymentTransaction)
        .set({ kind: "paid" })
        .where(eq(paymentTransaction.paymentId, chosen.paymentId)),
    ).rejects.toThrow();
  });

  it("an admin's lists filter by status and find a payment by its reference or the store's name", async () => {
    const shop = await shopWithTrial();
    const chosen = await choosePlan(
      shop.ctx,
      { plan: "monthly", method: "bank_transfer" },
      at("2026-12-01T09:00:00Z"),
    );
    const byReference = await listTransactions({ db: database.db, filter: { query: chosen.reference } });
    expect(byReference.rows.map((row) => row.id)).toEqual([chosen.paymentId]);
    const pending = await listTransactions({
      db: database.db,
      filter: { status: "pending", storeId: shop.storeId },
      page: { page: 1, pageSize: 10 },
    });
    expect(pending.total).toBe(1);
    await markTransactionPaid({ db: database.db, transactionId: chosen.paymentId, actor: shop.admin });
    const paid = await listTransactions({
      db: database.db,
      filter: { status: "paid", storeId: shop.storeId },
    });
    expect(paid.rows[0]).toMatchObject({ id: chosen.paymentId, status: "paid", username: shop.username });
    expect(paid.rows[0]!.paidAt).toBeInstanceOf(Date);
    expect(
      (await listTransactions({ db: database.db, filter: { status: "pending", storeId: shop.storeId } }))
        .total,
    ).toBe(0);
  });

  it("another store's payment is not found through the owner's context; a malformed id is not found", async () => {
    const mine = await shopWithTrial();
    const other = await shopWithTrial();
    const theirs = await choosePlan(
      other.ctx,
      { plan: "monthly", method: "bank_transfer" },
      at("2026-12-01T09:00:00Z"),
    );
    expect(await getStorePayment(mine.ctx, theirs.paymentId)).toBeNull();
    expect(await getStorePayment(mine.ctx, "not-a-uuid")).toBeNull();
    await expect(
      markTransactionPaid({ db: database.db, transactionId: "x", actor: mine.admin }),
    ).rejects.toMatchObject({ code: "notFound" });
  });
});
