import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { user } from "~/db/schema/auth";
import { store } from "~/db/schema/stores";
import { JOBS } from "~/jobs/jobs.server";
import { createScheduler } from "~/jobs/scheduler.server";
import { fixedClock } from "~/lib/clock.server";
import type { MailMessage } from "~/mail/mailer.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { requestCustomPlan } from "./billing.server";
import { choosePlan, markTransactionPaid } from "./payment.server";

const outbox: MailMessage[] = [];
let failMail = false;
vi.mock("~/mail/mailer.server", () => ({
  sendMail: async (message: MailMessage) => {
    if (failMail) throw new Error("SMTP down");
    outbox.push(message);
  },
}));

const database = databaseForThisFile();

async function emailOf(userId: string) {
  const [row] = await database.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row!.email;
}

// Injected instants, never the real date. The trial ends at 10:00 Skopje on 2026-12-20.
const trialEndsAt = new Date("2026-12-20T09:00:00Z");

describe("renewal reminders (7 days and 1 day before the next payment)", () => {
  it("sends one e-mail on the 7th and on the last day, none between, none twice on a day", async () => {
    const shop = await createTestStore(database, { trialEndsAt, name: "Маркет Седум" });
    const email = await emailOf(shop.userId);
    const clock = fixedClock("2026-12-13T08:00:00Z");
    const schedulers = [1, 2].map(() => createScheduler({ db: database.db, clock, jobs: JOBS }));
    const runBoth = () => Promise.all(schedulers.map((s) => s.runNow("renewal-reminder")));
    const mine = () => outbox.filter((message) => message.to === email);

    await runBoth();
    clock.set("2026-12-13T15:00:00Z");
    await runBoth();
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.subject).toBe("Маркет Седум: бесплатниот месец завршува за 7 дена");
    expect(mine()[0]!.text).toContain("/dashboard/payment");

    for (const day of ["2026-12-14", "2026-12-15", "2026-12-18"]) {
      clock.set(`${day}T08:00:00Z`);
      await runBoth();
    }
    expect(mine()).toHaveLength(1);

    clock.set("2026-12-19T08:00:00Z");
    await runBoth();
    await runBoth();
    expect(mine()).toHaveLength(2);
    expect(mine()[1]!.subject).toBe("Маркет Седум: бесплатниот месец завршува за 1 ден");
  });

  it("after a payment reminds before the paid period's end, in the owner's language", async () => {
    const shop = await createTestStore(database, { trialEndsAt, name: "Paid Shop" });
    await database.db.update(user).set({ locale: "en" }).where(eq(user.id, shop.userId));
    const chosen = await choosePlan(
      shop.ctx,
      { plan: "monthly", method: "bank_transfer" },
      new Date("2026-12-01T09:00:00Z"),
    );
    const { paidUntil } = await markTransactionPaid({
      db: database.db,
      transactionId: chosen.paymentId,
      actor: { userId: null },
      now: new Date("2026-12-02T09:00:00Z"),
    });
    expect(paidUntil.toISOString()).toBe("2027-01-20T09:00:00.000Z");
    const email = await emailOf(shop.userId);
    const clock = fixedClock("2027-01-13T08:00:00Z");
    await createScheduler({ db: database.db, clock, jobs: JOBS }).runNow("renewal-reminder");
    const mine = outbox.filter((message) => message.to === email);
    expect(mine.map((message) => message.subject)).toEqual(["Paid Shop: your plan renews in 7 days"]);
  });

  it("reminds no inactive store", async () => {
    const shop = await createTestStore(database, { trialEndsAt, active: false });
    const email = await emailOf(shop.userId);
    const clock = fixedClock("2026-12-13T08:00:00Z");
    await createScheduler({ db: database.db, clock, jobs: JOBS }).runNow("renewal-reminder");
    expect(outbox.filter((message) => message.to === email)).toEqual([]);
  });
});

describe("the expiry job", () => {
  it("makes a store inactive once its trial is over, and leaves one in its trial alone", async () => {
    const expired = await createTestStore(database, { trialEndsAt: new Date("2026-11-01T09:00:00Z") });
    const inTrial = await createTestStore(database, { trialEndsAt });
    const clock = fixedClock("2026-11-02T09:00:00Z");
    await createScheduler({ db: database.db, clock, jobs: JOBS }).runNow("billing-expiry");
    const active = async (storeId: string) =>
      (await database.db.select({ active: store.active }).from(store).where(eq(store.id, storeId)))[0]!
        .active;
    expect(await active(expired.storeId)).toBe(false);
    expect(await active(inTrial.storeId)).toBe(true);
  });
});

describe("the custom-plan contact form", () => {
  it("e-mails the operator with the store's details, at most 3 times a day per store", async () => {
    const shop = await createTestStore(database, { name: "Синџир <b>" });
    const now = new Date("2026-12-01T09:00:00Z");
    for (let i = 0; i < 3; i++)
      await requestCustomPlan(shop.ctx, { message: `We have ${i + 5} shops.`, phone: null }, now);
    await expect(
      requestCustomPlan(shop.ctx, { message: "One more request", phone: null }, now),
    ).rejects.toMatchObject({
      code: "rateLimited",
    });
    const sent = outbox.filter(
      (message) => message.to === "billing@vitrina.mk" && message.subject.includes("Синџир"),
    );
    expect(sent).toHaveLength(3);
    expect(sent[0]!.text).toContain("We have 5 shops.");
    // The HTML part escapes what the owner typed.
    expect(sent[0]!.html).not.toContain("Синџир <b>");
    // A day later the form works again.
    await requestCustomPlan(
      shop.ctx,
      { message: "Next day request", phone: null },
      new Date("2026-12-02T09:01:00Z"),
    );
  });

  it("says the message was not sent when the mailer fails", async () => {
    const shop = await createTestStore(database);
    failMail = true;
    try {
      await expect(
        requestCustomPlan(
          shop.ctx,
          { message: "Please call me back", phone: null },
          new Date("2026-12-01T09:00:00Z"),
        ),
      ).rejects.toMatchObject({ code: "contactSendFailed" });
    } finally {
      failMail = false;
    }
  });
});
