import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { pushSubscription } from "~/db/schema/push";
import { type FakePushService, startFakePushService } from "../../../../tests/support/fake-push-service";
import { call, post, signedIn, startRouteDatabase, statusOf } from "../../../../tests/support/route-harness";
import { createTestStore } from "../../../../tests/support/test-db";
import * as notifications from "./notifications";

// Settings → Notifications with two stores: each owner lists and removes only their own devices,
// and a subscription to a push service that is not on the list is refused with a message.

let database: Database;
let service: FakePushService;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;
const URL_HERE = "/dashboard/settings/notifications";

beforeAll(async () => {
  database = await startRouteDatabase();
  service = await startFakePushService();
  process.env.PUSH_SERVICE_HOSTS = service.origin;
  const keys = webpush.generateVAPIDKeys();
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
});
afterAll(async () => {
  await service.close();
  delete process.env.PUSH_SERVICE_HOSTS;
  await closeDatabase();
});

const subscribe = (userId: string, subscription: unknown) =>
  call<{ ok: boolean; errors?: { form?: string } }>(notifications.action, {
    request: post(URL_HERE, { intent: "subscribe", subscription: JSON.stringify(subscription) }),
    context: signedIn(userId),
    params: {},
  });
const load = (userId: string) =>
  call<{ devices: { id: string }[]; vapidPublicKey: string }>(notifications.loader, {
    request: new Request(`http://localhost${URL_HERE}`),
    context: signedIn(userId),
    params: {},
  });
const devicesOf = (storeId: string) =>
  database.db.select().from(pushSubscription).where(eq(pushSubscription.storeId, storeId));

describe("Settings → Notifications across stores", () => {
  it("saves this browser's subscription and lists only the owner's devices, never an endpoint", async () => {
    const own = service.subscribe();
    expect((await subscribe(mine.userId, own.json)).ok).toBe(true);
    expect((await subscribe(theirs.userId, service.subscribe().json)).ok).toBe(true);
    const [row] = await devicesOf(mine.storeId);
    const loaded = await load(mine.userId);
    expect(loaded.devices.map((device) => device.id)).toEqual([row!.id]);
    expect(loaded.vapidPublicKey).toBe(process.env.VAPID_PUBLIC_KEY);
    expect(JSON.stringify(loaded)).not.toContain(own.endpoint);
  });

  it("refuses another store's device id and removes the owner's own", async () => {
    const [their] = await devicesOf(theirs.storeId);
    const status = await statusOf(() =>
      call(notifications.action, {
        request: post(URL_HERE, { intent: "remove", deviceId: their!.id }),
        context: signedIn(mine.userId),
        params: {},
      }),
    );
    expect(status).toBe(302);
    expect(await devicesOf(theirs.storeId)).toHaveLength(1);
    const [own] = await devicesOf(mine.storeId);
    await call(notifications.action, {
      request: post(URL_HERE, { intent: "remove", deviceId: own!.id }),
      context: signedIn(mine.userId),
      params: {},
    });
    expect(await devicesOf(mine.storeId)).toEqual([]);
    expect(await devicesOf(theirs.storeId)).toHaveLength(1);
  });

  it("refuses an endpoint that is no known push service's, with a message the owner reads", async () => {
    const keys = service.subscribe().json.keys;
    const answer = (await subscribe(mine.userId, {
      endpoint: "https://attacker.example/hook",
      keys,
    })) as unknown as {
      data: { ok: boolean; errors: { form: string } };
      init: { status: number };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.errors.form).toBe("account:notifications.errors.endpointNotAllowed");
    expect(await devicesOf(mine.storeId)).toEqual([]);
  });
});
