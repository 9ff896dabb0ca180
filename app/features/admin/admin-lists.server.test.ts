import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/account-security";
import { storeBilling } from "~/db/schema/billing";
import { store } from "~/db/schema/stores";
import { suspendExpiredStores } from "~/features/billing/expiry.server";
import {
  addToWaitlist,
  exportWaitlistCsv,
  listWaitlist,
  WAITLIST_PER_IP_PER_HOUR,
} from "~/features/waitlist/waitlist.server";
import { isAppError } from "~/lib/app-error";
import { createTestStore, createTestUser, databaseForThisFile } from "../../../tests/support/test-db";
import { listAuditLogs } from "./admin-audit.server";
import { extendTrial, listStores, setStoreActive } from "./admin-stores.server";

// The admin's store list (state and plan filters, search), its audited actions, the
// waitlist (validation, per-address limit, formula-safe CSV) and the audit list's filters.

const database = databaseForThisFile();
const NOW = new Date("2026-11-22T12:00:00Z");
const day = 24 * 60 * 60 * 1000;

async function adminCtx() {
  const admin = await createTestUser(database, { role: "admin" });
  return { db: database.db, adminId: admin.id, now: NOW };
}

describe("the stores list", () => {
  it("tells the states apart and filters by state, plan and search", async () => {
    const ctx = await adminCtx();
    const tag = randomUUID().slice(0, 6);
    const trial = await createTestStore(database, {
      name: `Trial ${tag}`,
      trialEndsAt: new Date(NOW.getTime() + 5 * day),
    });
    const expired = await createTestStore(database, {
      name: `Expired ${tag}`,
      trialEndsAt: new Date(NOW.getTime() - day),
    });
    const paid = await createTestStore(database, {
      name: `Paid ${tag}`,
      trialEndsAt: new Date(NOW.getTime() - day),
    });
    await database.db
      .insert(storeBilling)
      .values({ storeId: paid.storeId, plan: "yearly", paidUntil: new Date(NOW.getTime() + 300 * day) });
    const off = await createTestStore(database, { name: `Off ${tag}`, active: false });
    const unpaid = await createTestStore(database, { name: `Unpaid ${tag}`, active: false });
    await database.db.insert(storeBilling).values({ storeId: unpaid.storeId, suspendedAt: NOW });

    const all = await listStores(ctx, { q: tag, state: "", plan: "" }, 1, 25);
    expect(all.total).toBe(5);
    const stateOf = Object.fromEntries(all.rows.map((row) => [row.name.split(" ")[0], row.state]));
    expect(stateOf).toEqual({
      Trial: "trial",
      Expired: "expired",
      Paid: "paid",
      Off: "inactive",
      Unpaid: "suspended",
    });
    expect(
      (await listStores(ctx, { q: tag, state: "expired", plan: "" }, 1, 25)).rows.map((r) => r.id),
    ).toEqual([expired.storeId]);
    expect(
      (await listStores(ctx, { q: tag, state: "", plan: "yearly" }, 1, 25)).rows.map((r) => r.id),
    ).toEqual([paid.storeId]);
    expect((await listStores(ctx, { q: tag, state: "", plan: "none" }, 1, 25)).total).toBe(4);
    // Paginated on the server: page 2 of 2-per-page holds the next two, the total stays.
    const page2 = await listStores(ctx, { q: tag, state: "", plan: "" }, 2, 2);
    expect(page2).toMatchObject({ total: 5 });
    expect(page2.rows).toHaveLength(2);
    // A search's % and _ are letters, not wildcards.
    expect((await listStores(ctx, { q: `${tag}%`, state: "", plan: "" }, 1, 25)).total).toBe(0);
    expect(trial.storeId).toBeTruthy();
    expect(off.storeId).toBeTruthy();
  });

  it("does not reactivate a store suspended for non-payment alone; a longer trial brings it back", async () => {
    const ctx = await adminCtx();
    const target = await createTestStore(database, { trialEndsAt: new Date(NOW.getTime() - 2 * day) });
    expect(await suspendExpiredStores({ db: database.db, now: NOW, storeIds: [target.storeId] })).toBe(1);
    const activeNow = async () =>
      (await database.db.select().from(store).where(eq(store.id, target.storeId)))[0]?.active;
    expect(await activeNow()).toBe(false);

    const refused = await setStoreActive(ctx, {
      storeId: target.storeId,
      active: true,
      reason: "asked",
    }).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe("storeUnpaid");
    expect(await activeNow()).toBe(false);

    await extendTrial(ctx, { storeId: target.storeId, days: 7, reason: "a week to pay" });
    expect(await activeNow()).toBe(true);
    // The expiry job leaves it alone now: the trial runs for another week.
    expect(await suspendExpiredStores({ db: database.db, now: NOW, storeIds: [target.storeId] })).toBe(0);
    const [billing] = await database.db
      .select()
      .from(storeBilling)
      .where(eq(storeBilling.storeId, target.storeId));
    expect(billing?.suspendedAt).toBeNull();
  });

  it("extends a trial and deactivates / reactivates, each audited with the admin and the reason", async () => {
    const ctx = await adminCtx();
    const target = await createTestStore(database, { trialEndsAt: new Date(NOW.getTime() + 2 * day) });
    const { trialEndsAt } = await extendTrial(ctx, {
      storeId: target.storeId,
      days: 10,
      reason: "asked by phone",
    });
    expect(trialEndsAt.getTime()).toBe(NOW.getTime() + 12 * day);
    await setStoreActive(ctx, { storeId: target.storeId, active: false, reason: "fraud report" });
    const [row] = await database.db.select().from(store).where(eq(store.id, target.storeId));
    expect(row?.active).toBe(false);
    await setStoreActive(ctx, { storeId: target.storeId, active: true, reason: "resolved" });
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.userId, ctx.adminId));
    expect(rows.map((r) => [r.action, r.details?.reason, r.details?.storeId, r.details?.ownerId])).toEqual(
      expect.arrayContaining([
        ["trial_extended", "asked by phone", target.storeId, target.userId],
        ["store_deactivated", "fraud report", target.storeId, target.userId],
        ["store_reactivated", "resolved", target.storeId, target.userId],
      ]),
    );
    // The audit list names the owner beside the admin, and filters by action.
    const listed = await listAuditLogs(
      ctx,
      { user: ctx.adminId, action: "store_deactivated", from: "", to: "" },
      1,
      25,
    );
    expect(listed.rows).toHaveLength(1);
    expect(listed.rows[0]?.onBehalfOfEmail).toBe(
      (await database.db.query.user.findFirst({ where: (u, { eq: is }) => is(u.id, target.userId) }))?.email,
    );
  });

  it("answers notFound for a malformed or unknown store id", async () => {
    const ctx = await adminCtx();
    for (const storeId of ["nope", randomUUID()]) {
      await expect(setStoreActive(ctx, { storeId, active: false, reason: "x" })).rejects.toSatisfy(
        (error) => isAppError(error) && error.code === "notFound",
      );
    }
  });
});

describe("the waitlist", () => {
  it("validates, keeps one entry per address, and limits each client address per hour", async () => {
    const ip = `10.9.${Math.floor(Math.random() * 250)}.1`;
    const email = `wait-${randomUUID().slice(0, 8)}@Example.test`;
    await expect(
      addToWaitlist({ db: database.db, ipAddress: ip }, { email: "not-an-address" }),
    ).rejects.toThrow();
    await addToWaitlist({ db: database.db, ipAddress: ip, now: NOW }, { email, name: "Ана" });
    await addToWaitlist({ db: database.db, ipAddress: ip, now: NOW }, { email });
    const found = await listWaitlist(database.db, { q: email.toLowerCase() }, 1, 25);
    expect(found.total).toBe(1);
    expect(found.rows[0]?.email).toBe(email.toLowerCase());
    for (let i = 1; i < WAITLIST_PER_IP_PER_HOUR; i++) {
      await addToWaitlist({ db: database.db, ipAddress: ip, now: NOW }, { email: `more-${i}-${email}` });
    }
    await expect(
      addToWaitlist({ db: database.db, ipAddress: ip, now: NOW }, { email: `one-too-many-${email}` }),
    ).rejects.toSatisfy((error) => isAppError(error) && error.code === "rateLimited");
  });

  it("exports a CSV a spreadsheet cannot run", async () => {
    const tag = randomUUID().slice(0, 8);
    await addToWaitlist(
      { db: database.db, ipAddress: null },
      { email: `csv-${tag}@example.test`, name: '=HYPERLINK("http://evil.example","x")', city: "+389" },
    );
    const csv = await exportWaitlistCsv(database.db, { q: `csv-${tag}` }, (column) => column);
    const [header, line] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe("email,name,storeName,interest,city,phone,locale,source,createdAt");
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(line).toContain(",'+389,");
  });
});

describe("the audit list", () => {
  it("filters by a part of the address and by Skopje day", async () => {
    const ctx = await adminCtx();
    const email = `audited-${randomUUID().slice(0, 8)}@example.test`;
    await database.db.insert(auditLog).values([
      { action: "sign_in_failed", email, createdAt: new Date("2026-11-20T23:30:00Z") }, // 00:30 on 21 Nov in Skopje
      { action: "sign_in_failed", email, createdAt: new Date("2026-11-20T10:00:00Z") },
    ]);
    const byDay = await listAuditLogs(
      ctx,
      { user: email.slice(0, 15), action: "", from: "2026-11-21", to: "2026-11-21" },
      1,
      25,
    );
    expect(byDay.rows.map((r) => r.createdAt.toISOString())).toEqual(["2026-11-20T23:30:00.000Z"]);
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.email, email)));
    expect(rows).toHaveLength(2);
  });
});
