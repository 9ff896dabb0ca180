import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { priceConfirmation, priceSnapshot } from "~/db/schema/compliance";
import { answerToday } from "~/features/confirmation/confirmation.server";
import { getSnapshot } from "~/features/feeds/snapshot.server";
import { fixedClock } from "~/lib/clock.server";
import type { MailMessage } from "~/mail/mailer.server";
import { createTestStore, databaseOfItsOwnForThisFile } from "../../tests/support/test-db";
import { JOBS } from "./jobs.server";
import { createScheduler } from "./scheduler.server";

const outbox: MailMessage[] = [];
vi.mock("~/mail/mailer.server", () => ({
  sendMail: async (message: MailMessage) => {
    // A slow SMTP server: the two schedulers really overlap.
    await new Promise((resolve) => setTimeout(resolve, 20));
    outbox.push(message);
  },
}));

const database = databaseOfItsOwnForThisFile();

describe("scheduled jobs", () => {
  it("two schedulers on one database send one 08:00 reminder per owner who has not answered", async () => {
    const created = { createdAt: new Date("2026-10-01T08:00:00Z") };
    const waiting = [await createTestStore(database, created), await createTestStore(database, created)];
    const answered = await createTestStore(database, created);
    // 08:00 Skopje on Friday 2026-11-20.
    const clock = fixedClock("2026-11-20T07:00:00Z");
    await answerToday(answered.ctx, { answer: "yes" }, clock.now());

    const first = createScheduler({ db: database.db, clock, jobs: JOBS });
    const second = createScheduler({ db: database.db, clock, jobs: JOBS });
    await Promise.all([first.runNow("confirmation-reminder"), second.runNow("confirmation-reminder")]);
    // The quarter-hour repeat before 10:00 sends nothing new.
    clock.set("2026-11-20T07:15:00Z");
    await Promise.all([first.runNow("confirmation-reminder"), second.runNow("confirmation-reminder")]);

    const mine = (email: string) => outbox.filter((message) => message.to === email);
    const emails = await Promise.all(
      [...waiting, answered].map(async (shop) => {
        const rows = await database.db.query.user.findFirst({ where: (u, { eq }) => eq(u.id, shop.userId) });
        return rows!.email;
      }),
    );
    expect(mine(emails[0]!)).toHaveLength(1);
    expect(mine(emails[1]!)).toHaveLength(1);
    expect(mine(emails[2]!)).toHaveLength(0);
    expect(mine(emails[0]!)[0]!.text).toContain("/dashboard/products");
  });

  it("reminds nobody who answered no, nobody on a weekend that does not count, and no inactive store", async () => {
    const created = { createdAt: new Date("2026-10-01T08:00:00Z") };
    const skipped = await createTestStore(database, created);
    const weekdaysOnly = await createTestStore(database, { ...created, weekendsCount: false });
    const everyDay = await createTestStore(database, created);
    const inactive = await createTestStore(database, { ...created, active: false });
    // 08:00 Skopje on Saturday 2026-11-21; the first owner already answered no.
    const clock = fixedClock("2026-11-21T07:00:00Z");
    await answerToday(skipped.ctx, { answer: "no" }, new Date("2026-11-21T06:30:00Z"));
    const scheduler = createScheduler({ db: database.db, clock, jobs: JOBS });
    await scheduler.runNow("confirmation-reminder");

    const emailOf = async (shop: { userId: string }) =>
      (await database.db.query.user.findFirst({ where: (u, { eq }) => eq(u.id, shop.userId) }))!.email;
    const count = async (shop: { userId: string }) => {
      const email = await emailOf(shop);
      return outbox.filter((message) => message.to === email).length;
    };
    expect(await count(skipped)).toBe(0);
    expect(await count(weekdaysOnly)).toBe(0);
    expect(await count(inactive)).toBe(0);
    expect(await count(everyDay)).toBe(1);
  });

  it("neither reminds nor marks a missed day for a store still in onboarding", async () => {
    const created = { createdAt: new Date("2026-10-01T08:00:00Z") };
    const onboarding = await createTestStore(database, { ...created, onboardingStep: 3 });
    const open = await createTestStore(database, created);
    // 08:00 Skopje on Friday 2026-11-20, then 10:00 (the deadline).
    const clock = fixedClock("2026-11-20T07:00:00Z");
    const scheduler = createScheduler({ db: database.db, clock, jobs: JOBS });
    await scheduler.runNow("confirmation-reminder");
    clock.set("2026-11-20T09:00:00Z");
    await scheduler.runNow("confirmation-missed");

    const emailOf = async (shop: { userId: string }) =>
      (await database.db.query.user.findFirst({ where: (u, { eq }) => eq(u.id, shop.userId) }))!.email;
    const mails = async (shop: { userId: string }) => {
      const email = await emailOf(shop);
      return outbox.filter((message) => message.to === email).length;
    };
    const days = (storeId: string) =>
      database.db.select().from(priceConfirmation).where(eq(priceConfirmation.storeId, storeId));
    expect(await mails(onboarding)).toBe(0);
    expect(await days(onboarding.storeId)).toEqual([]);
    expect(await mails(open)).toBe(1);
    expect((await days(open.storeId)).map((row) => row.status)).toEqual(["missed"]);
  });

  it("archives each public store's price list at the day's end, once, and serves it as that day's file", async () => {
    const open = await createTestStore(database);
    const closed = await createTestStore(database, { active: false });
    // A store still in onboarding is not public, and its list is not archived.
    const onboarding = await createTestStore(database, { onboardingStep: 3 });
    // 23:55 Skopje on 2026-11-20, twice (two instances, or a repeat).
    const clock = fixedClock("2026-11-20T22:55:00Z");
    const first = createScheduler({ db: database.db, clock, jobs: JOBS });
    const second = createScheduler({ db: database.db, clock, jobs: JOBS });
    await Promise.all([first.runNow("price-list-day-end"), second.runNow("price-list-day-end")]);
    await first.runNow("price-list-day-end");

    const rows = async (storeId: string) =>
      database.db.select().from(priceSnapshot).where(eq(priceSnapshot.storeId, storeId));
    expect((await rows(open.storeId)).map((row) => [row.day, row.kind])).toEqual([["2026-11-20", "day_end"]]);
    expect(await rows(closed.storeId)).toEqual([]);
    expect(await rows(onboarding.storeId)).toEqual([]);
    const snapshot = await getSnapshot(database.db, open.storeId, "2026-11-20");
    expect(JSON.parse(snapshot!.json)).toMatchObject({ store: { username: open.username }, products: [] });
  });

  it("sends no reminder before 08:00 or after the 10:00 deadline, when an instance starts then", async () => {
    const shop = await createTestStore(database, { createdAt: new Date("2026-10-01T08:00:00Z") });
    const owner = await database.db.query.user.findFirst({ where: (u, { eq }) => eq(u.id, shop.userId) });
    // 07:59 and 10:30 Skopje on Friday 2026-11-20.
    for (const at of ["2026-11-20T06:59:00Z", "2026-11-20T09:30:00Z"]) {
      const scheduler = createScheduler({ db: database.db, clock: fixedClock(at), jobs: JOBS });
      await scheduler.runNow("confirmation-reminder");
    }
    expect(outbox.filter((message) => message.to === owner!.email)).toEqual([]);
  });

  it("is alive for /readyz only while its crons are scheduled", () => {
    const scheduler = createScheduler({
      db: database.db,
      clock: fixedClock("2026-11-20T07:00:00Z"),
      jobs: JOBS,
    });
    expect(scheduler.alive()).toBe(false);
    scheduler.start();
    try {
      expect(scheduler.alive()).toBe(true);
    } finally {
      scheduler.stop();
    }
    expect(scheduler.alive()).toBe(false);
  });
});
