import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import webpush from "web-push";
import { user } from "~/db/schema/auth";
import { pushSubscription } from "~/db/schema/push";
import { answerToday } from "~/features/confirmation/confirmation.server";
import { JOBS } from "~/jobs/jobs.server";
import { createScheduler } from "~/jobs/scheduler.server";
import { isAppError } from "~/lib/app-error";
import { fixedClock } from "~/lib/clock.server";
import { type FakePushService, startFakePushService } from "../../../tests/support/fake-push-service";
import { createTestStore, databaseOfItsOwnForThisFile } from "../../../tests/support/test-db";
import { DEVICES_PER_STORE, listPushDevices, removeDevice, subscribeDevice } from "./push.server";

// The reminder pushes against a local push service that checks VAPID and decrypts each payload.

vi.mock("~/mail/mailer.server", () => ({ sendMail: async () => {} }));

const database = databaseOfItsOwnForThisFile();
let service: FakePushService;
/** A second service that is not on the allow-list: nothing may ever reach it. */
let outsider: FakePushService;
const vapid = webpush.generateVAPIDKeys();
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

beforeAll(async () => {
  service = await startFakePushService();
  outsider = await startFakePushService();
  process.env.PUSH_SERVICE_HOSTS = service.origin;
  process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
  process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
});
afterAll(async () => {
  await service.close();
  await outsider.close();
  delete process.env.PUSH_SERVICE_HOSTS;
});

const created = { createdAt: new Date("2026-10-01T08:00:00Z") };

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (isAppError(error)) return error.fields?.form ?? error.messageKey;
    throw error;
  }
  return "accepted";
}

describe("reminders on the owner's devices", () => {
  it("pushes at 08:00 and again at 09:30 while unanswered, in the owner's language, and never once confirmed", async () => {
    const waiting = await createTestStore(database, created);
    const english = await createTestStore(database, created);
    await database.db.update(user).set({ locale: "en" }).where(eq(user.id, english.userId));
    const confirmsLater = await createTestStore(database, created);
    const answered = await createTestStore(database, created);
    const phone = service.subscribe();
    const laptop = service.subscribe();
    const englishPhone = service.subscribe();
    const laterPhone = service.subscribe();
    const answeredPhone = service.subscribe();
    await subscribeDevice(waiting.ctx, JSON.stringify(phone.json), ANDROID);
    await subscribeDevice(waiting.ctx, JSON.stringify(laptop.json), null);
    await subscribeDevice(english.ctx, JSON.stringify(englishPhone.json), ANDROID);
    await subscribeDevice(confirmsLater.ctx, JSON.stringify(laterPhone.json), ANDROID);
    await subscribeDevice(answered.ctx, JSON.stringify(answeredPhone.json), ANDROID);

    // 07:50 Skopje on Friday 2026-11-20 (UTC+1): one store answers before the reminders.
    const clock = fixedClock("2026-11-20T06:50:00Z");
    await answerToday(answered.ctx, { answer: "yes" }, clock.now());
    const scheduler = createScheduler({ db: database.db, clock, jobs: JOBS });
    const to = (subscription: { id: string }) =>
      service.received.filter((push) => push.subscriptionId === subscription.id).map((push) => push.message);

    clock.set("2026-11-20T07:00:00Z");
    await scheduler.runNow("confirmation-reminder");
    expect(to(phone)).toEqual([
      {
        title: "Витрина: Test Store",
        body: "Потврдете ги цените до 10:00",
        url: "/dashboard/products",
        tag: "confirm-2026-11-20",
      },
    ]);
    expect(to(laptop)).toHaveLength(1);
    expect(to(englishPhone).map((message) => message.body)).toEqual(["Confirm your prices by 10:00"]);
    expect(to(laterPhone)).toHaveLength(1);
    expect(to(answeredPhone)).toEqual([]);
    // Signed with the site's key; kept by the service no later than the 10:00 deadline.
    expect(service.received.every((push) => push.vapidKey === vapid.publicKey)).toBe(true);
    expect(Math.max(...service.received.map((push) => push.ttl))).toBeLessThanOrEqual(2 * 3600);

    // The quarter-hour repeats before 09:30 send nothing new; one owner confirms at 09:00.
    clock.set("2026-11-20T07:15:00Z");
    await scheduler.runNow("confirmation-reminder");
    clock.set("2026-11-20T08:00:00Z");
    await answerToday(confirmsLater.ctx, { answer: "yes" }, clock.now());
    clock.set("2026-11-20T08:15:00Z");
    await scheduler.runNow("confirmation-reminder");
    expect(to(phone)).toHaveLength(1);

    clock.set("2026-11-20T08:30:00Z");
    await scheduler.runNow("confirmation-reminder");
    clock.set("2026-11-20T08:45:00Z");
    await scheduler.runNow("confirmation-reminder");
    expect(to(phone).map((message) => message.body)).toEqual([
      "Потврдете ги цените до 10:00",
      "Цените сè уште не се потврдени. Потврдете ги до 10:00",
    ]);
    expect(to(englishPhone).map((message) => message.body)).toEqual([
      "Confirm your prices by 10:00",
      "Prices are still not confirmed. Confirm them by 10:00",
    ]);
    expect(to(laterPhone)).toHaveLength(1);
    expect(to(answeredPhone)).toEqual([]);

    // After the deadline, nothing.
    clock.set("2026-11-20T09:00:00Z");
    await scheduler.runNow("confirmation-reminder");
    expect(to(phone)).toHaveLength(2);
    expect(service.refused).toEqual([]);
  });

  it("refuses an endpoint that is not a known push service's, and never posts to one stored anyway", async () => {
    const shop = await createTestStore(database, created);
    const keys = service.subscribe().json.keys;
    expect(
      await refusal(
        subscribeDevice(shop.ctx, JSON.stringify({ endpoint: "https://push.example.com/x", keys }), null),
      ),
    ).toBe("account:notifications.errors.endpointNotAllowed");
    expect(
      await refusal(
        subscribeDevice(shop.ctx, JSON.stringify({ endpoint: "https://169.254.169.254/latest", keys }), null),
      ),
    ).toBe("account:notifications.errors.endpointNotAllowed");
    // A known host over plain HTTP, or on another port, is not the service.
    expect(
      await refusal(
        subscribeDevice(
          shop.ctx,
          JSON.stringify({ endpoint: "http://fcm.googleapis.com/fcm/send/x", keys }),
          null,
        ),
      ),
    ).toBe("account:notifications.errors.endpointNotHttps");
    expect(
      await refusal(
        subscribeDevice(
          shop.ctx,
          JSON.stringify({ endpoint: "https://fcm.googleapis.com:8443/x", keys }),
          null,
        ),
      ),
    ).toBe("account:notifications.errors.endpointNotAllowed");
    const stranger = outsider.subscribe();
    expect(await refusal(subscribeDevice(shop.ctx, JSON.stringify(stranger.json), null))).toBe(
      "account:notifications.errors.endpointNotHttps",
    );
    expect(await listPushDevices(shop.ctx)).toEqual([]);

    // A row that names an outside endpoint (written before the list changed) is never posted to.
    await database.db.insert(pushSubscription).values({
      storeId: shop.storeId,
      endpoint: stranger.endpoint,
      p256dh: stranger.json.keys.p256dh,
      auth: stranger.json.keys.auth,
      label: "",
    });
    const scheduler = createScheduler({
      db: database.db,
      clock: fixedClock("2026-11-23T07:00:00Z"),
      jobs: JOBS,
    });
    await scheduler.runNow("confirmation-reminder");
    expect(outsider.received).toEqual([]);
    expect(outsider.refused).toEqual([]);
  });

  it("checks the subscription's keys and size, and the number of devices", async () => {
    const shop = await createTestStore(database, created);
    const good = service.subscribe().json;
    const bad = (value: unknown) => refusal(subscribeDevice(shop.ctx, JSON.stringify(value), null));
    expect(await bad({ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } })).toBe(
      "account:notifications.errors.invalid",
    );
    expect(await bad({ ...good, keys: { ...good.keys, auth: "AAAA" } })).toBe(
      "account:notifications.errors.invalid",
    );
    expect(await bad({ endpoint: good.endpoint })).toBe("account:notifications.errors.invalid");
    expect(await bad({ ...good, padding: "x".repeat(5000) })).toBe("account:notifications.errors.invalid");
    expect(await refusal(subscribeDevice(shop.ctx, "not json", null))).toBe(
      "account:notifications.errors.invalid",
    );

    for (let i = 0; i < DEVICES_PER_STORE; i++) {
      await subscribeDevice(shop.ctx, JSON.stringify(service.subscribe().json), null);
    }
    expect(await bad(service.subscribe().json)).toBe("account:notifications.errors.tooMany");
    expect(await listPushDevices(shop.ctx)).toHaveLength(DEVICES_PER_STORE);
  });

  it("limits how often a store subscribes", async () => {
    const shop = await createTestStore(database, created);
    const same = JSON.stringify(service.subscribe().json);
    const answers: string[] = [];
    for (let i = 0; i < 22; i++) answers.push(await refusal(subscribeDevice(shop.ctx, same, null)));
    expect(answers.slice(0, 20)).toEqual(Array(20).fill("accepted"));
    expect(answers.slice(20)).toEqual(["errors:rateLimited", "errors:rateLimited"]);
    // The same browser again is one device, its keys renewed.
    expect(await listPushDevices(shop.ctx)).toHaveLength(1);
  });

  it("removes a subscription the push service answers 410 or 404 to, and keeps one that failed otherwise", async () => {
    const shop = await createTestStore(database, created);
    const expired = service.subscribe();
    const unknown = service.subscribe();
    const busy = service.subscribe();
    for (const device of [expired, unknown, busy]) {
      await subscribeDevice(shop.ctx, JSON.stringify(device.json), null);
    }
    expired.answerWith(410);
    unknown.answerWith(404);
    busy.answerWith(503);
    const scheduler = createScheduler({
      db: database.db,
      clock: fixedClock("2026-11-24T07:00:00Z"),
      jobs: JOBS,
    });
    await scheduler.runNow("confirmation-reminder");
    const left = await database.db
      .select({ endpoint: pushSubscription.endpoint })
      .from(pushSubscription)
      .where(eq(pushSubscription.storeId, shop.storeId));
    expect(left.map((row) => row.endpoint)).toEqual([busy.endpoint]);
  });

  it("lets a store list and remove only its own devices", async () => {
    const mine = await createTestStore(database, created);
    const theirs = await createTestStore(database, created);
    const own = await subscribeDevice(mine.ctx, JSON.stringify(service.subscribe().json), ANDROID);
    const their = await subscribeDevice(theirs.ctx, JSON.stringify(service.subscribe().json), ANDROID);
    expect((await listPushDevices(mine.ctx)).map((device) => device.id)).toEqual([own.id]);
    expect(own.label).toBe("Chrome · Android");
    expect(await refusal(removeDevice(mine.ctx, their.id))).toBe("errors:notFound");
    expect(await refusal(removeDevice(mine.ctx, "not-an-id"))).toBe("errors:notFound");
    expect((await listPushDevices(theirs.ctx)).map((device) => device.id)).toEqual([their.id]);
    await removeDevice(mine.ctx, own.id);
    expect(await listPushDevices(mine.ctx)).toEqual([]);
  });

  it("refuses an admin acting as the owner", async () => {
    const shop = await createTestStore(database, created);
    const ctx = { ...shop.ctx, actor: { userId: shop.userId, impersonatedBy: "admin" } };
    expect(await refusal(subscribeDevice(ctx, JSON.stringify(service.subscribe().json), null))).toBe(
      "errors:impersonationRefused",
    );
  });
});
