import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { storeBilling } from "~/db/schema/billing";
import { jobRun } from "~/db/schema/compliance";
import { store } from "~/db/schema/stores";
import { LOCALES, type Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { addDays, skopjeDay } from "~/lib/calendar";
import { getConfig } from "~/lib/config.server";
import { formatDate } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { renderMail } from "~/mail/layout.server";
import { sendMail } from "~/mail/mailer.server";

// Renewal reminders 7 days and 1 day before the next payment (the end of the trial or
// of the paid period), by e-mail to the owner. Run by the scheduler under its advisory lock, on
// the injected clock; a job_run row per store and day makes a repeated run send nothing twice.

/** Days before the next payment that remind. */
export const REMINDER_DAYS = [7, 1] as const;

const nextPaymentSql = sql<Date>`greatest(${store.trialEndsAt}, coalesce(${storeBilling.paidUntil}, ${store.trialEndsAt}))`;

export async function sendRenewalReminders({ db, now }: { db: Queryable; now: Date }): Promise<number> {
  const today = skopjeDay(now);
  const horizon = new Date(now.getTime() + 9 * 86_400_000);
  const rows = await db
    .select({
      storeId: store.id,
      storeName: store.name,
      email: user.email,
      locale: user.locale,
      paidUntil: storeBilling.paidUntil,
      nextPayment: nextPaymentSql.mapWith(store.trialEndsAt),
    })
    .from(store)
    .innerJoin(user, eq(user.id, store.ownerId))
    .leftJoin(storeBilling, eq(storeBilling.storeId, store.id))
    .where(
      and(
        eq(store.active, true),
        isNull(store.onboardingStep),
        gt(nextPaymentSql, now),
        lte(nextPaymentSql, horizon),
      ),
    );
  const config = getConfig();
  let sent = 0;
  for (const row of rows) {
    const due = row.nextPayment as Date;
    const days = REMINDER_DAYS.find((d) => addDays(today, d) === skopjeDay(due));
    if (days === undefined) continue;
    const claimed = await db
      .insert(jobRun)
      .values({ name: "renewal-reminder", runKey: `${today}:${row.storeId}` })
      .onConflictDoNothing()
      .returning();
    if (!claimed.length) continue;
    const locale: Locale = LOCALES.includes(row.locale as Locale) ? (row.locale as Locale) : "mk";
    const t = getFixedT(locale);
    const kind = row.paidUntil ? "renewal" : "trial";
    const values = { store: row.storeName, count: days, date: formatDate(due, locale) };
    try {
      await sendMail(
        renderMail(
          row.email,
          {
            subject: t(`billing:reminderMail.${kind}.subject`, values),
            heading: t(`billing:reminderMail.${kind}.heading`, values),
            paragraphs: [t(`billing:reminderMail.${kind}.body`, values)],
            action: { label: t("billing:reminderMail.action"), url: `${config.baseUrl}/dashboard/payment` },
            footer: t("billing:reminderMail.footer"),
          },
          locale,
        ),
      );
      sent++;
    } catch (error) {
      logger.error({ err: error, storeId: row.storeId }, "renewal reminder not sent");
    }
  }
  return sent;
}
