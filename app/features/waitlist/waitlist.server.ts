import { and, count, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { waitlistEntry } from "~/db/schema/waitlist";
import type { WaitlistFilters } from "~/features/admin/admin-params";
import { anyContains, offsetOf } from "~/features/admin/admin-search.server";
import { csvCell } from "~/features/feeds/serialize";
import { type Locale, parseLocale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { AppError } from "~/lib/app-error";
import { renderMail } from "~/mail/layout.server";
import type { Mailer } from "~/mail/mailer.server";
import { waitlistSchema } from "./waitlist.schema";

// The waitlist: the landing page's form adds to it, the admin lists and exports it.

/** A stranger can call addToWaitlist: this many entries per client address per hour. */
export const WAITLIST_PER_IP_PER_HOUR = 5;
/** pg_advisory_xact_lock namespace of one client address's waitlist forms ("VWLT"). */
const WAITLIST_LOCK_NAMESPACE = 0x56574c54;

export type WaitlistRow = typeof waitlistEntry.$inferSelect;

/**
 * Adds an address to the waitlist. Validated here (the form's schema); an address already on the list
 * answers like a new one (nothing is revealed, no second row, no second e-mail) and keeps its first
 * entry; more than WAITLIST_PER_IP_PER_HOUR from one address in an hour is refused (rateLimited).
 * A new entry is confirmed by e-mail through `mailer` (the landing page passes the app's mailer).
 */
export async function addToWaitlist(
  ctx: { db: Queryable; ipAddress: string | null; locale?: string; now?: Date; mailer?: Mailer },
  input: unknown,
): Promise<void> {
  const values = waitlistSchema.parse(input);
  const now = ctx.now ?? new Date();
  const locale = parseLocale(ctx.locale);
  // The count and the insert run under one lock per client address: forms sent at once from one
  // address are counted one after the other, so a burst cannot pass the limit together (and mail
  // more addresses than the limit allows).
  const added = await ctx.db.transaction(async (tx) => {
    if (ctx.ipAddress) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${WAITLIST_LOCK_NAMESPACE}, hashtext(${ctx.ipAddress}))`,
      );
      const [recent] = await tx
        .select({ n: count() })
        .from(waitlistEntry)
        .where(
          and(
            eq(waitlistEntry.ipAddress, ctx.ipAddress),
            gt(waitlistEntry.createdAt, new Date(now.getTime() - 60 * 60 * 1000)),
          ),
        );
      if ((recent?.n ?? 0) >= WAITLIST_PER_IP_PER_HOUR) throw new AppError("rateLimited");
    }
    return tx
      .insert(waitlistEntry)
      .values({ ...values, locale, ipAddress: ctx.ipAddress, createdAt: now })
      .onConflictDoNothing({ target: waitlistEntry.email })
      .returning({ id: waitlistEntry.id });
  });
  if (added.length > 0 && ctx.mailer) await ctx.mailer.send(waitlistMail(values.email, locale));
}

/** The confirmation a new entry gets, in the language of the page it was sent from. */
function waitlistMail(to: string, locale: Locale) {
  const t = getFixedT(locale);
  return renderMail(
    to,
    {
      subject: t("landing:waitlist.mail.subject"),
      heading: t("landing:waitlist.mail.heading"),
      paragraphs: [t("landing:waitlist.mail.body"), t("landing:waitlist.mail.ignore")],
      footer: t("account:mail.footer"),
    },
    locale,
  );
}

function waitlistWhere(filters: WaitlistFilters): SQL | undefined {
  if (!filters.q) return undefined;
  return anyContains(
    [
      waitlistEntry.email,
      waitlistEntry.name,
      waitlistEntry.storeName,
      waitlistEntry.interest,
      waitlistEntry.city,
      waitlistEntry.phone,
    ],
    filters.q,
  );
}

export async function listWaitlist(
  db: Queryable,
  filters: WaitlistFilters,
  page: number,
  pageSize: number,
): Promise<{ rows: WaitlistRow[]; total: number }> {
  const where = waitlistWhere(filters);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(waitlistEntry)
      .where(where)
      .orderBy(desc(waitlistEntry.createdAt), desc(waitlistEntry.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ n: count() }).from(waitlistEntry).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

const CSV_COLUMNS = [
  "email",
  "name",
  "storeName",
  "interest",
  "city",
  "phone",
  "locale",
  "source",
  "createdAt",
] as const;

/**
 * The filtered waitlist as CSV (UTF-8 with a BOM for Excel). Cells go through the feeds' formula-safe
 * serialisation (csvCell), so an entry typed as "=HYPERLINK(…)" stays text in a spreadsheet.
 */
export async function exportWaitlistCsv(
  db: Queryable,
  filters: WaitlistFilters,
  header: (column: (typeof CSV_COLUMNS)[number]) => string,
): Promise<string> {
  const rows = await db
    .select()
    .from(waitlistEntry)
    .where(waitlistWhere(filters))
    .orderBy(desc(waitlistEntry.createdAt), desc(waitlistEntry.id));
  if (rows.length === 0) throw new AppError("noDataToExport");
  const line = (cells: (string | null)[]) => `${cells.map(csvCell).join(",")}\r\n`;
  return [
    "\uFEFF",
    line(CSV_COLUMNS.map(header)),
    ...rows.map((row) =>
      line(CSV_COLUMNS.map((column) => (column === "createdAt" ? row.createdAt.toISOString() : row[column]))),
    ),
  ].join("");
}
