import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { jobRun, priceSnapshot } from "~/db/schema/compliance";
import { store } from "~/db/schema/stores";
import { sendRenewalReminders } from "~/features/billing/billing-jobs.server";
import { suspendExpiredStores } from "~/features/billing/expiry.server";
import { listUnansweredStores, markMissedDays } from "~/features/confirmation/confirmation.server";
import { confirmDemoMornings } from "~/features/demo/demo-morning.server";
import { recheckDomains } from "~/features/domains/domain.server";
import { snapshotMissedDayEnd } from "~/features/feeds/day-end-catch-up.server";
import { archivePriceList } from "~/features/feeds/snapshot.server";
import {
  invalidateAtPromotionBoundaries,
  PROMOTION_BOUNDARY_JOB,
} from "~/features/promotions/promotion-boundaries.server";
import { sendConfirmationPushes } from "~/features/push/push.server";
import { sealArchivedDays } from "~/features/seals/seal.server";
import { getSealKeys } from "~/features/seals/seal-keys.server";
import { publicStoreCondition } from "~/features/stores/public-store.server";
import { LOCALES, type Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { addDays, CONFIRMATION_DEADLINE_HOUR, REMINDER_HOUR, skopjeDay, skopjeHour } from "~/lib/calendar";
import { getConfig } from "~/lib/config.server";
import { logger } from "~/lib/logger.server";
import { renderMail } from "~/mail/layout.server";
import { sendMail } from "~/mail/mailer.server";
import { pruneExpiredRows } from "./retention.server";
import type { Job, JobContext } from "./scheduler.server";

/** Records that `key` of a job is done; false when it already was (another run, another instance). */
async function claim(db: Queryable, name: string, key: string): Promise<boolean> {
  const rows = await db.insert(jobRun).values({ name, runKey: key }).onConflictDoNothing().returning();
  return rows.length > 0;
}

/**
 * 08:00 Skopje: one reminder per owner who has not answered today (runs until 10:00, once per owner),
 * by e-mail and on each of the owner's devices; from 09:30 a second push while still unanswered
 * (decision 0131).
 */
export async function sendConfirmationReminders({ db, now }: JobContext): Promise<number> {
  // The start-up catch-up (runtime.server.ts) runs at any hour: remind only between 08:00 and the
  // 10:00 deadline, never at night and never once the day is already missed.
  const hour = skopjeHour(now);
  if (hour < REMINDER_HOUR || hour >= CONFIRMATION_DEADLINE_HOUR) return 0;
  const day = skopjeDay(now);
  const config = getConfig();
  let sent = 0;
  const unanswered = await listUnansweredStores(db, now);
  for (const row of unanswered) {
    if (!(await claim(db, "confirmation-reminder", `${day}:${row.storeId}`))) continue;
    const [owner] = await db
      .select({ locale: user.locale })
      .from(user)
      .innerJoin(store, eq(store.ownerId, user.id))
      .where(eq(store.id, row.storeId));
    const locale: Locale = LOCALES.includes(owner?.locale as Locale) ? (owner!.locale as Locale) : "mk";
    const t = getFixedT(locale);
    try {
      await sendMail(
        renderMail(
          row.email,
          {
            subject: t("compliance:reminderMail.subject", { store: row.storeName }),
            heading: t("compliance:reminderMail.heading"),
            paragraphs: [t("compliance:reminderMail.body", { store: row.storeName })],
            action: {
              label: t("compliance:reminderMail.action"),
              url: `${config.baseUrl}/dashboard/products`,
            },
            footer: t("compliance:mailFooter"),
          },
          locale,
        ),
      );
      sent++;
    } catch (error) {
      logger.error({ err: error, storeId: row.storeId }, "confirmation reminder not sent");
    }
  }
  try {
    sent += await sendConfirmationPushes(
      db,
      now,
      unanswered.map((row) => row.storeId),
    );
  } catch (error) {
    logger.error({ err: error }, "confirmation pushes not sent");
  }
  return sent;
}

/** End of the Skopje day: archive what every public store's price list said, once per store and day. */
export async function snapshotDayEnd({ db, now }: JobContext): Promise<number> {
  const day = skopjeDay(now);
  const stores = await db
    .select()
    .from(store)
    .where(
      and(
        publicStoreCondition(),
        sql`not exists (select 1 from ${priceSnapshot} where ${priceSnapshot.storeId} = ${store.id} and ${priceSnapshot.day} = ${day} and ${priceSnapshot.kind} = 'day_end')`,
      ),
    );
  for (const row of stores) await archivePriceList(db, row, "day_end", now);
  // Decision 0130: the day's files are sealed with its archive (and any day left unsealed before).
  await sealArchivedDays(db, getSealKeys(), now, day);
  return stores.length;
}

/**
 * Yesterday's end for stores the 23:55 run missed, then the seals of every day up to yesterday not
 * sealed yet: after the catch-up, yesterday's archive is final. At start-up this also seals, in
 * order, the days archived before sealing began (decision 0130).
 */
export async function catchUpDayEnd(job: JobContext): Promise<number> {
  const archived = await snapshotMissedDayEnd(job);
  await sealArchivedDays(job.db, getSealKeys(), job.now, addDays(skopjeDay(job.now), -1));
  return archived;
}

export const DAY_END_CATCH_UP_JOB = "price-list-day-end-catch-up";

export const JOBS: Job[] = [
  // The demo store confirms itself each morning at its minute between 07:00 and 09:30 (decision 0028).
  { name: "demo-morning", pattern: "* 7-9 * * *", run: confirmDemoMornings },
  { name: "confirmation-reminder", pattern: "*/15 8-9 * * *", run: sendConfirmationReminders },
  // Every quarter hour after the deadline, so an instance that was down at 10:00 catches up.
  { name: "confirmation-missed", pattern: "*/15 10-23 * * *", run: ({ db, now }) => markMissedDays(db, now) },
  // Promotions start and end at Skopje midnight: the public page changes then (decision 0038).
  { name: PROMOTION_BOUNDARY_JOB, pattern: "* 0 * * *", run: invalidateAtPromotionBoundaries },
  // 23:55 to 23:59: an instance that was down at 23:55 still archives the day (once per store).
  { name: "price-list-day-end", pattern: "55-59 23 * * *", run: snapshotDayEnd },
  // An instance that was down past midnight archives yesterday's end when nothing changed since.
  { name: DAY_END_CATCH_UP_JOB, pattern: "*/15 0-9 * * *", run: catchUpDayEnd },
  // An unpaid store goes inactive soon after its trial or paid period ends; the owner
  // is reminded 7 days and 1 day before the next payment (once per store and day).
  { name: "billing-expiry", pattern: "*/10 * * * *", run: suspendExpiredStores },
  { name: "renewal-reminder", pattern: "0 9-19 * * *", run: sendRenewalReminders },
  // Every verified custom domain's TXT record, once a day; 7 days without it and it is no longer
  // served (decision 0133).
  { name: "domain-recheck", pattern: "10 4 * * *", run: ({ db, now }) => recheckDomains(db, now) },
  // At night, in short batches: old snapshots, expired rate-limit, session and verification rows,
  // and the API's stored answers past their 24 hours.
  {
    name: "retention",
    pattern: "30 3 * * *",
    run: ({ db, now }) => pruneExpiredRows(db, now),
    batched: true,
  },
];
