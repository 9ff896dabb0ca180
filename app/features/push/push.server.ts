import { and, asc, eq, inArray, sql } from "drizzle-orm";
import webpush from "web-push";
import type { Queryable } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { jobRun } from "~/db/schema/compliance";
import { pushSubscription } from "~/db/schema/push";
import { store } from "~/db/schema/stores";
import { LOCALES, type Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { AppError } from "~/lib/app-error";
import {
  CONFIRMATION_DEADLINE_HOUR,
  REMINDER_HOUR,
  skopjeDay,
  skopjeHour,
  skopjeInstant,
} from "~/lib/calendar";
import { logger } from "~/lib/logger.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import {
  deviceLabel,
  endpointProblem,
  pushServiceHosts,
  validAuthSecret,
  validP256dh,
} from "./push-endpoint";
import { getVapidKeys, type VapidKeys } from "./vapid-keys.server";

// Decision 0131: the owner's devices that are reminded to confirm the day's prices, and the pushes
// the 08:00 reminder job sends them (again at 09:30 while the day is still unanswered).

/** At most this many devices per store. */
export const DEVICES_PER_STORE = 10;
/** A subscription as the browser sends it, JSON: no real one comes near this. */
export const MAX_SUBSCRIPTION_BYTES = 4096;
/** Where a tap on the reminder opens: the products page, whose panel asks for the confirmation. */
export const CONFIRMATION_URL = "/dashboard/products";

export type PushDevice = { id: string; label: string; createdAt: Date; lastSentAt: Date | null };

export async function listPushDevices(ctx: StoreContext): Promise<PushDevice[]> {
  return ctx.db
    .select({
      id: pushSubscription.id,
      label: pushSubscription.label,
      createdAt: pushSubscription.createdAt,
      lastSentAt: pushSubscription.lastSentAt,
    })
    .from(pushSubscription)
    .where(eq(pushSubscription.storeId, ctx.storeId))
    .orderBy(asc(pushSubscription.createdAt), asc(pushSubscription.id));
}

// Per process, per store: a page that subscribes in a loop is stopped without touching the database.
const subscribeLimiter = createRateLimiter({ limit: 20, windowMs: 60 * 60 * 1000 });

const refuse = (problem: string) =>
  new AppError("validation", { fields: { form: `account:notifications.errors.${problem}` } });

/** What the browser's PushSubscription.toJSON() gave, checked; or a translated refusal. */
export function parseSubscription(raw: string): { endpoint: string; p256dh: string; auth: string } {
  if (raw.length === 0 || Buffer.byteLength(raw) > MAX_SUBSCRIPTION_BYTES) throw refuse("invalid");
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw refuse("invalid");
  }
  const body = value as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } } | null;
  const endpoint = body?.endpoint;
  const p256dh = body?.keys?.p256dh;
  const auth = body?.keys?.auth;
  if (typeof endpoint !== "string" || typeof p256dh !== "string" || typeof auth !== "string") {
    throw refuse("invalid");
  }
  const problem = endpointProblem(endpoint, pushServiceHosts());
  if (problem) throw refuse(problem);
  if (!validP256dh(p256dh) || !validAuthSecret(auth)) throw refuse("invalid");
  return { endpoint, p256dh, auth };
}

/**
 * Saves this browser's subscription for the store (again: its keys are renewed). Never for an admin
 * acting as the owner: the reminders would go to the admin's browser.
 */
export async function subscribeDevice(
  ctx: StoreContext,
  raw: string,
  userAgent: string | null,
): Promise<PushDevice> {
  if (ctx.actor.impersonatedBy) throw new AppError("impersonationRefused");
  if (!subscribeLimiter.allow(ctx.storeId)) throw new AppError("rateLimited");
  const subscription = parseSubscription(raw);
  const existing = await ctx.db
    .select({ id: pushSubscription.id, endpoint: pushSubscription.endpoint })
    .from(pushSubscription)
    .where(eq(pushSubscription.storeId, ctx.storeId));
  const known = existing.some((row) => row.endpoint === subscription.endpoint);
  if (!known && existing.length >= DEVICES_PER_STORE) throw refuse("tooMany");
  const [row] = await ctx.db
    .insert(pushSubscription)
    .values({
      storeId: ctx.storeId,
      ...subscription,
      label: deviceLabel(userAgent),
      createdBy: ctx.actor.userId,
    })
    .onConflictDoUpdate({
      target: [pushSubscription.storeId, pushSubscription.endpoint],
      set: { p256dh: subscription.p256dh, auth: subscription.auth },
    })
    .returning();
  return { id: row!.id, label: row!.label, createdAt: row!.createdAt, lastSentAt: row!.lastSentAt };
}

/** Removes one of this store's devices; another store's id (or a malformed one) is notFound. */
export async function removeDevice(ctx: StoreContext, deviceId: string): Promise<void> {
  if (!isUuid(deviceId)) throw new AppError("notFound");
  const removed = await ctx.db
    .delete(pushSubscription)
    .where(and(eq(pushSubscription.storeId, ctx.storeId), eq(pushSubscription.id, deviceId)))
    .returning({ id: pushSubscription.id });
  if (removed.length === 0) throw new AppError("notFound");
}

export type PushMessage = { title: string; body: string; url: string; tag: string };

type Target = { id: string; endpoint: string; p256dh: string; auth: string };

/** What happened to one push: delivered, the subscription is gone (removed), or it failed this time. */
export type PushOutcome = "sent" | "gone" | "failed" | "refused";

/**
 * One encrypted push (RFC 8291, aes128gcm) signed with VAPID (RFC 8292), posted to the endpoint
 * only when its host is on the allow-list, never following a redirect. A 404 or 410 removes it.
 */
export async function sendPush(
  db: Queryable,
  target: Target,
  message: PushMessage,
  options: { keys?: VapidKeys; ttlSeconds?: number } = {},
): Promise<PushOutcome> {
  if (endpointProblem(target.endpoint, pushServiceHosts())) {
    logger.warn({ subscriptionId: target.id }, "push endpoint not on the allow-list: not sent");
    return "refused";
  }
  const keys = options.keys ?? getVapidKeys();
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(message),
    {
      vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      // Until the deadline at the latest: a reminder delivered after 10:00 says nothing true.
      TTL: options.ttlSeconds ?? 2 * 60 * 60,
      urgency: "high",
      topic: "confirm",
      contentEncoding: "aes128gcm",
    },
  );
  let status: number;
  try {
    const answer = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    status = answer.status;
    await answer.body?.cancel();
  } catch (error) {
    logger.warn({ err: error, subscriptionId: target.id }, "push not delivered");
    return "failed";
  }
  if (status === 404 || status === 410) {
    await db.delete(pushSubscription).where(eq(pushSubscription.id, target.id));
    return "gone";
  }
  if (status < 200 || status >= 300) {
    logger.warn({ status, subscriptionId: target.id }, "push service refused the push");
    return "failed";
  }
  await db.update(pushSubscription).set({ lastSentAt: new Date() }).where(eq(pushSubscription.id, target.id));
  return "sent";
}

/** The reminder of the morning: the first at 08:00, the second from 09:30 while still unanswered. */
export function reminderStage(now: Date): "first" | "second" | null {
  const hour = skopjeHour(now);
  if (hour < REMINDER_HOUR || hour >= CONFIRMATION_DEADLINE_HOUR) return null;
  return now >= skopjeInstant(skopjeDay(now), 9, 30) ? "second" : "first";
}

/**
 * The pushes of the reminder job for the stores that have not answered today: once per store, day
 * and stage (another run or instance finds it claimed), to each of the store's devices, in the
 * owner's language. Returns how many pushes were delivered.
 */
export async function sendConfirmationPushes(
  db: Queryable,
  now: Date,
  storeIds: string[],
  options: { keys?: VapidKeys } = {},
): Promise<number> {
  const stage = reminderStage(now);
  if (!stage || storeIds.length === 0) return 0;
  const day = skopjeDay(now);
  const devices = await db
    .select({
      id: pushSubscription.id,
      storeId: pushSubscription.storeId,
      endpoint: pushSubscription.endpoint,
      p256dh: pushSubscription.p256dh,
      auth: pushSubscription.auth,
      locale: user.locale,
      storeName: store.name,
    })
    .from(pushSubscription)
    .innerJoin(store, eq(store.id, pushSubscription.storeId))
    .innerJoin(user, eq(user.id, store.ownerId))
    .where(inArray(pushSubscription.storeId, storeIds));
  const byStore = new Map<string, typeof devices>();
  for (const device of devices) byStore.set(device.storeId, [...(byStore.get(device.storeId) ?? []), device]);
  const deadline = skopjeInstant(day, CONFIRMATION_DEADLINE_HOUR, 0).getTime();
  const ttlSeconds = Math.max(60, Math.floor((deadline - now.getTime()) / 1000));
  let sent = 0;
  for (const [storeId, list] of byStore) {
    const claimed = await db
      .insert(jobRun)
      .values({ name: "confirmation-push", runKey: `${day}:${stage}:${storeId}` })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) continue;
    const first = list[0]!;
    const locale: Locale = LOCALES.includes(first.locale as Locale) ? (first.locale as Locale) : "mk";
    const t = getFixedT(locale);
    const message: PushMessage = {
      title: t("compliance:reminderPush.title", { store: first.storeName }),
      body: t(stage === "first" ? "compliance:reminderPush.first" : "compliance:reminderPush.second"),
      url: CONFIRMATION_URL,
      // One reminder per day on a device: the second replaces the first.
      tag: `confirm-${day}`,
    };
    for (const device of list) {
      if ((await sendPush(db, device, message, { keys: options.keys, ttlSeconds })) === "sent") sent++;
    }
  }
  return sent;
}

/** How many devices a store has (the settings page's count, and tests). */
export async function countDevices(db: Queryable, storeId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSubscription)
    .where(eq(pushSubscription.storeId, storeId));
  return row?.n ?? 0;
}
