import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/account-security";
import { storeBilling } from "~/db/schema/billing";
import { choosePlan } from "~/features/billing/payment.server";
import { getPayment } from "~/features/billing/transactions.queries.server";
import { isAppError } from "~/lib/app-error";
import { createTestStore, createTestUser, databaseForThisFile } from "../../../tests/support/test-db";
import { adminCancelPayment, adminMarkPaid } from "./admin-transactions.server";

// Decision 0041: the admin marks a pending payment paid or cancels it through billing's services; each
// is audited with the admin, the payment's reference and the note.

const database = databaseForThisFile();
const NOW = new Date("2026-11-22T12:00:00Z");

async function pendingPayment() {
  const shop = await createTestStore(database, { trialEndsAt: new Date("2026-11-25T00:00:00Z") });
  const chosen = await choosePlan(shop.ctx, { plan: "monthly", method: "bank_transfer" }, NOW);
  return { shop, paymentId: chosen.paymentId, reference: chosen.reference };
}

describe("admin transactions", () => {
  it("marks paid: the plan is the store's, and the audit names the admin and the reference", async () => {
    const admin = await createTestUser(database, { role: "admin" });
    const { shop, paymentId, reference } = await pendingPayment();
    await adminMarkPaid(
      { db: database.db, adminId: admin.id, now: NOW },
      { paymentId, note: "bank statement 12" },
    );
    expect((await getPayment(database.db, paymentId))?.status).toBe("paid");
    const [billing] = await database.db
      .select()
      .from(storeBilling)
      .where(eq(storeBilling.storeId, shop.storeId));
    expect(billing?.plan).toBe("monthly");
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.userId, admin.id));
    expect(row).toMatchObject({ action: "transaction_marked_paid" });
    expect(row?.details).toMatchObject({
      paymentId,
      reference,
      storeId: shop.storeId,
      reason: "bank statement 12",
    });
    // Not twice.
    await expect(
      adminMarkPaid({ db: database.db, adminId: admin.id, now: NOW }, { paymentId }),
    ).rejects.toSatisfy((error) => isAppError(error) && error.code === "paymentNotPending");
  });

  it("cancels a pending payment, audited; an unknown id is notFound", async () => {
    const admin = await createTestUser(database, { role: "admin" });
    const { paymentId } = await pendingPayment();
    await adminCancelPayment({ db: database.db, adminId: admin.id, now: NOW }, { paymentId });
    expect((await getPayment(database.db, paymentId))?.status).toBe("cancelled");
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.userId, admin.id));
    expect(rows.map((row) => row.action)).toEqual(["transaction_cancelled"]);
    await expect(
      adminCancelPayment(
        { db: database.db, adminId: admin.id },
        { paymentId: "00000000-0000-4000-8000-000000000000" },
      ),
    ).rejects.toSatisfy((error) => isAppError(error) && error.code === "notFound");
  });
});
