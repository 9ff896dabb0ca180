import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { activityLog } from "~/db/schema/activity";
import { priceConfirmation, priceSnapshot } from "~/db/schema/compliance";
import { store } from "~/db/schema/stores";
import en from "~/locales/en/errors.json";
import { archive } from "../../../tests/support/failing-archive";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { answerToday, getTodayConfirmation, listCalendar, markMissedDays } from "./confirmation.server";

// The archive write can be made to fail, to prove what the owner is told when a confirmation fails.
vi.mock("~/features/feeds/snapshot.server", async () =>
  (await import("../../../tests/support/failing-archive")).failingArchive(),
);

const database = databaseForThisFile();

// Injected instants, never the real date. 2026-11-20 is a Friday; Skopje is UTC+1 in November.
const at = (iso: string) => new Date(iso);
const created = { createdAt: at("2026-10-01T08:00:00Z") };

async function rowsOf(storeId: string) {
  return database.db.select().from(priceConfirmation).where(eq(priceConfirmation.storeId, storeId));
}

describe("daily price confirmation", () => {
  it("asks from 00:00 Skopje, and yes records the time, the user, an activity and a snapshot", async () => {
    const shop = await createTestStore(database, created);
    // 23:30 UTC on the 19th is 00:30 on the 20th in Skopje.
    const today = await getTodayConfirmation(shop.ctx, at("2026-11-19T23:30:00Z"));
    expect(today).toMatchObject({ day: "2026-11-20", status: null, ask: true });

    await answerToday(shop.ctx, { answer: "yes" }, at("2026-11-20T07:15:00Z"));
    const after = await getTodayConfirmation(shop.ctx, at("2026-11-20T07:16:00Z"));
    expect(after).toMatchObject({ status: "confirmed", ask: false });
    const [row] = await rowsOf(shop.storeId);
    expect(row).toMatchObject({
      status: "confirmed",
      actorId: shop.userId,
      day: "2026-11-20",
    });
    expect(row!.answeredAt.toISOString()).toBe("2026-11-20T07:15:00.000Z");
    const activity = await database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.storeId, shop.storeId));
    expect(activity.map((a) => a.type)).toEqual(["price_update_confirmed"]);
    const snapshots = await database.db
      .select()
      .from(priceSnapshot)
      .where(eq(priceSnapshot.storeId, shop.storeId));
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]).toMatchObject({
      day: "2026-11-20",
      kind: "confirmation",
    });
  });

  it("a confirmation after 10:00 Skopje is late, in today's answer and in the calendar", async () => {
    const shop = await createTestStore(database, created);
    // 08:59 UTC is 09:59 in Skopje: on time.
    await answerToday(shop.ctx, { answer: "yes" }, at("2026-11-19T08:59:00Z"));
    expect(await getTodayConfirmation(shop.ctx, at("2026-11-19T09:30:00Z"))).toMatchObject({ late: false });
    // 13:36 UTC is 14:36 in Skopje (it once showed as on time).
    await answerToday(shop.ctx, { answer: "yes" }, at("2026-11-20T13:36:00Z"));
    const today = await getTodayConfirmation(shop.ctx, at("2026-11-20T13:37:00Z"));
    expect(today).toMatchObject({
      status: "confirmed",
      late: true,
      ask: false,
    });
    expect(today.answeredAt?.toISOString()).toBe("2026-11-20T13:36:00.000Z");
    const calendar = await listCalendar(shop.ctx, at("2026-11-20T13:37:00Z"), 2);
    expect(calendar.map(({ day, state, late }) => ({ day, state, late }))).toEqual([
      { day: "2026-11-19", state: "confirmed", late: false },
      { day: "2026-11-20", state: "confirmed", late: true },
    ]);
  });

  it("no records a skip; the owner fixes prices and confirms later the same day", async () => {
    const shop = await createTestStore(database, created);
    await answerToday(shop.ctx, { answer: "no" }, at("2026-11-20T06:00:00Z"));
    expect(await getTodayConfirmation(shop.ctx, at("2026-11-20T06:01:00Z"))).toMatchObject({
      status: "skipped",
      ask: true,
    });
    await answerToday(shop.ctx, { answer: "yes" }, at("2026-11-20T08:30:00Z"));
    const rows = await rowsOf(shop.storeId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "confirmed" });
  });

  it("records a missed day at 10:00 for a store that did not answer, and not before", async () => {
    const shop = await createTestStore(database, created);
    const answered = await createTestStore(database, created);
    await answerToday(answered.ctx, { answer: "yes" }, at("2026-11-20T07:00:00Z"));
    // 09:59 Skopje: too early.
    await markMissedDays(database.db, at("2026-11-20T08:59:00Z"));
    expect(await rowsOf(shop.storeId)).toEqual([]);
    await markMissedDays(database.db, at("2026-11-20T09:00:00Z"));
    await markMissedDays(database.db, at("2026-11-20T09:15:00Z"));
    expect((await rowsOf(shop.storeId)).map((r) => r.status)).toEqual(["missed"]);
    expect((await rowsOf(answered.storeId)).map((r) => r.status)).toEqual(["confirmed"]);
    const calendar = await listCalendar(shop.ctx, at("2026-11-20T12:00:00Z"));
    expect(calendar).toHaveLength(30);
    expect(calendar.at(-1)).toMatchObject({
      day: "2026-11-20",
      state: "missed",
    });
    // A "no" after the deadline does not erase the missed day.
    await answerToday(shop.ctx, { answer: "no" }, at("2026-11-20T11:00:00Z"));
    expect((await rowsOf(shop.storeId)).map((r) => r.status)).toEqual(["missed"]);
  });

  it("spares a store created on a later day than the one being marked", async () => {
    // Created at 09:30 Skopje on the 25th; a run for the 20th (a catch-up, or a test's clock) must not mark it.
    const later = await createTestStore(database, {
      ...created,
      createdAt: at("2026-11-25T08:30:00Z"),
    });
    await markMissedDays(database.db, at("2026-11-20T11:00:00Z"));
    expect(await rowsOf(later.storeId)).toEqual([]);
  });

  it("does not count a weekend when the store says weekends do not count", async () => {
    const shop = await createTestStore(database, {
      ...created,
      weekendsCount: false,
    });
    // 2026-11-21 is a Saturday.
    await markMissedDays(database.db, at("2026-11-21T10:00:00Z"));
    expect(await rowsOf(shop.storeId)).toEqual([]);
    expect(await getTodayConfirmation(shop.ctx, at("2026-11-21T10:00:00Z"))).toMatchObject({
      counts: false,
      ask: false,
    });
    const calendar = await listCalendar(shop.ctx, at("2026-11-21T10:00:00Z"));
    expect(calendar.at(-1)).toMatchObject({ state: "off" });
  });

  it("keeps each store's answers to itself", async () => {
    const shop = await createTestStore(database, created);
    const other = await createTestStore(database, created);
    await answerToday(shop.ctx, { answer: "yes" }, at("2026-11-20T07:00:00Z"));
    expect(await rowsOf(other.storeId)).toEqual([]);
    expect(await getTodayConfirmation(other.ctx, at("2026-11-20T07:01:00Z"))).toMatchObject({ status: null });
    const versions = await database.db
      .select({ version: store.version })
      .from(store)
      .where(and(eq(store.id, other.storeId)));
    expect(versions[0]!.version).toBe(1);
  });

  it("says 'Price update record failed' and records nothing when the confirmation cannot be stored", async () => {
    const shop = await createTestStore(database, created);
    archive.fail = true;
    try {
      const failure = await answerToday(shop.ctx, { answer: "yes" }, at("2026-11-20T07:00:00Z")).catch(
        (e) => e,
      );
      expect(failure).toMatchObject({ code: "priceUpdateRecordFailed" });
      expect(en[failure.messageKey.replace("errors:", "") as keyof typeof en]).toBe(
        "Price update record failed",
      );
    } finally {
      archive.fail = false;
    }
    // One transaction: no confirmation, no activity entry, and the prompt still asks.
    expect(await rowsOf(shop.storeId)).toEqual([]);
    const activity = await database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.storeId, shop.storeId));
    expect(activity).toEqual([]);
    expect(await getTodayConfirmation(shop.ctx, at("2026-11-20T07:01:00Z"))).toMatchObject({ ask: true });
  });

  it("shows a past day that counted and was never answered as missed, even without a job's record", async () => {
    // Created on Tuesday 2026-11-10 at 11:00 Skopje, after that day's deadline; weekends do not count.
    const shop = await createTestStore(database, {
      createdAt: at("2026-11-10T10:00:00Z"),
      weekendsCount: false,
    });
    await answerToday(shop.ctx, { answer: "yes" }, at("2026-11-12T07:00:00Z"));
    const calendar = await listCalendar(shop.ctx, at("2026-11-16T08:00:00Z"));
    const state = (day: string) => calendar.find((entry) => entry.day === day)?.state;
    expect(state("2026-11-09")).toBe("none");
    // The first day ended at 10:00 before the store existed: not missed.
    expect(state("2026-11-10")).toBe("none");
    expect(state("2026-11-11")).toBe("missed");
    expect(state("2026-11-12")).toBe("confirmed");
    expect(state("2026-11-13")).toBe("missed");
    expect(state("2026-11-14")).toBe("off");
    expect(state("2026-11-15")).toBe("off");
    // 09:00 Skopje on Monday the 16th: today is still open for an answer.
    expect(state("2026-11-16")).toBe("pending");
  });

  it("tells a store opened after today's 10:00 deadline that its first day was past the deadline", async () => {
    // Friday 2026-11-20: created at 11:30 Skopje, after the deadline; the missed-day job spares it.
    const late = await createTestStore(database, {
      createdAt: at("2026-11-20T10:30:00Z"),
    });
    expect(await markMissedDays(database.db, at("2026-11-20T10:45:00Z"))).toBeGreaterThanOrEqual(0);
    expect(await getTodayConfirmation(late.ctx, at("2026-11-20T10:45:00Z"))).toMatchObject({
      status: null,
      ask: true,
      openedAfterDeadline: true,
    });
    // The next day is an ordinary one.
    expect(await getTodayConfirmation(late.ctx, at("2026-11-21T07:00:00Z"))).toMatchObject({
      openedAfterDeadline: false,
    });
    // Created at 09:00 Skopje the same day: the deadline was still ahead, nothing to explain.
    const early = await createTestStore(database, {
      createdAt: at("2026-11-20T08:00:00Z"),
    });
    expect(await getTodayConfirmation(early.ctx, at("2026-11-20T08:30:00Z"))).toMatchObject({
      openedAfterDeadline: false,
    });
  });
});
