import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog } from "~/db/schema/activity";
import { priceConfirmation, priceSnapshot } from "~/db/schema/compliance";
import { store } from "~/db/schema/stores";
import {
  latestConfirmation,
  listCalendar,
  markMissedDays,
} from "~/features/confirmation/confirmation.server";
import { JOBS } from "~/jobs/jobs.server";
import { createScheduler } from "~/jobs/scheduler.server";
import { skopjeDay } from "~/lib/calendar";
import { fixedClock } from "~/lib/clock.server";
import { formatTime } from "~/lib/dates";
import { databaseOfItsOwnForThisFile } from "../../../tests/support/test-db";
import { seedDemoForTest } from "./demo.test-support";
import { confirmDemoMornings, demoMorningInstant } from "./demo-morning.server";

// Decision 0028, on an injected clock: the demo is seeded on Friday 2026-11-20 at 06:00 Skopje
// (05:00 UTC) and must look like a shop that confirms every morning, also after days offline.
process.env.VITRINA_NOW = "2026-11-20T05:00:00Z";
process.env.BASE_URL = "http://localhost:3000";
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "vitrina-demo-morning-"));

const database = databaseOfItsOwnForThisFile();

const skopjeMinutes = (at: Date) => {
  const [hours, minutes] = formatTime(at).split(":").map(Number);
  return hours! * 60 + minutes!;
};

describe("the demo store confirms itself each morning", () => {
  it("picks a minute between 07:00 and 09:30 Skopje time, a different one from day to day", () => {
    const minutes = new Set<number>();
    for (let i = 0; i < 400; i++) {
      const day = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
      const at = demoMorningInstant("store-id", day);
      expect(skopjeDay(at)).toBe(day);
      const minute = skopjeMinutes(at);
      expect(minute).toBeGreaterThanOrEqual(7 * 60);
      expect(minute).toBeLessThanOrEqual(9 * 60 + 30);
      minutes.add(minute);
    }
    // Summer and winter time alike, and not the same minute every day.
    expect(minutes.size).toBeGreaterThan(100);
  });

  it("confirms at its minute, once across instances, and catches up after days offline", async () => {
    // A PostgreSQL test database may already hold a demo user from another run.
    const seeded = await seedDemoForTest(database.db);
    if (!seeded) return;
    const { storeId, ctx } = seeded;
    const rowOf = async (day: string) =>
      (
        await database.db
          .select()
          .from(priceConfirmation)
          .where(and(eq(priceConfirmation.storeId, storeId), eq(priceConfirmation.day, day)))
      )[0];

    // 06:00: before the window, today is still unanswered.
    expect(await confirmDemoMornings({ db: database.db, now: new Date("2026-11-20T05:00:00Z") })).toBe(0);
    expect(await rowOf("2026-11-20")).toBeUndefined();

    // Two instances at the demo's minute: confirmed once, at that minute.
    const minute = demoMorningInstant(storeId, "2026-11-20");
    const clock = fixedClock(minute);
    const first = createScheduler({ db: database.db, clock, jobs: JOBS });
    const second = createScheduler({ db: database.db, clock, jobs: JOBS });
    await Promise.all([first.runNow("demo-morning"), second.runNow("demo-morning")]);
    await first.runNow("demo-morning");
    expect(await rowOf("2026-11-20")).toMatchObject({ status: "confirmed", actorId: ctx.actor.userId });
    expect((await rowOf("2026-11-20"))!.answeredAt).toEqual(minute);
    const confirmations = await database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.storeId, storeId), eq(activityLog.type, "price_update_confirmed")));
    expect(confirmations.filter((row) => row.createdAt >= new Date("2026-11-20T00:00:00Z"))).toHaveLength(1);

    // Offline from Friday until Wednesday 15:00; the missed-day job happens to run first.
    const wednesday = new Date("2026-11-25T14:00:00Z");
    await markMissedDays(database.db, wednesday);
    expect(await rowOf("2026-11-25")).toMatchObject({ status: "missed" });
    expect(await confirmDemoMornings({ db: database.db, now: wednesday })).toBe(5);
    for (const day of ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25"]) {
      const row = await rowOf(day);
      expect(row).toMatchObject({ status: "confirmed" });
      expect(row!.answeredAt).toEqual(demoMorningInstant(storeId, day));
    }
    // The calendar reads like a compliant shop: the seeded skip and miss, everything else on time.
    const calendar = await listCalendar(ctx, wednesday);
    expect(calendar.filter((day) => day.state === "missed")).toHaveLength(1);
    expect(calendar.filter((day) => day.state === "skipped")).toHaveLength(1);
    expect(calendar.filter((day) => day.late)).toEqual([]);
    expect(calendar.at(-1)).toMatchObject({ day: "2026-11-25", state: "confirmed" });
    // The public stamp shows today's true morning minute.
    expect(await latestConfirmation(database.db, storeId)).toEqual({
      day: "2026-11-25",
      answeredAt: demoMorningInstant(storeId, "2026-11-25"),
    });
    // The archive has every day, each past one with its day-end list.
    const snapshots = await database.db
      .select()
      .from(priceSnapshot)
      .where(and(eq(priceSnapshot.storeId, storeId), eq(priceSnapshot.kind, "day_end")));
    const dayEnds = new Set(snapshots.map((row) => row.day));
    for (const day of ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"])
      expect(dayEnds).toContain(day);
    expect(await confirmDemoMornings({ db: database.db, now: wednesday })).toBe(0);
  }, 90_000); // seeds the whole demo store

  it("leaves a day someone answered by hand as it is", async () => {
    const [demo] = await database.db.select().from(store).where(eq(store.username, "demo"));
    if (!demo) return;
    // On PostgreSQL the demo store may come from another file's seed: bring its mornings up to
    // Wednesday first, so that only Thursday, answered by hand below, is left to decide.
    await confirmDemoMornings({ db: database.db, now: new Date("2026-11-25T22:00:00Z") });
    const thursday = "2026-11-26";
    // A demo store seeded on a later real day has Thursday answered already: this test answers it.
    await database.db
      .delete(priceConfirmation)
      .where(and(eq(priceConfirmation.storeId, demo.id), eq(priceConfirmation.day, thursday)));
    await database.db.insert(priceConfirmation).values({
      storeId: demo.id,
      day: thursday,
      status: "skipped",
      answeredAt: new Date("2026-11-26T05:30:00Z"),
      actorId: demo.ownerId,
    });
    expect(await confirmDemoMornings({ db: database.db, now: new Date("2026-11-26T10:00:00Z") })).toBe(0);
    const [row] = await database.db
      .select()
      .from(priceConfirmation)
      .where(and(eq(priceConfirmation.storeId, demo.id), eq(priceConfirmation.day, thursday)));
    expect(row!.status).toBe("skipped");
  });
});
