import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

// People who asked to hear when Vitrina opens for them (the landing page's form fills
// it through addToWaitlist; the admin lists, searches and exports it).
export const waitlistEntry = pgTable(
  "waitlist_entry",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Lower-cased and trimmed: one entry per address. */
    email: text().notNull(),
    name: text(),
    /** The shop's or the agency's name. */
    storeName: text(),
    /** What the sender wants (WAITLIST_INTERESTS: POS integration, agency dashboard, …). */
    interest: text(),
    city: text(),
    phone: text(),
    locale: text().notNull().default("mk"),
    /** Where the form was (landing, pricing…), for the admin's view. */
    source: text(),
    /** The client address that sent it: the per-address rate limit counts these rows. */
    ipAddress: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("waitlist_email_idx").on(t.email),
    index("waitlist_created_idx").on(t.createdAt),
    index("waitlist_ip_created_idx").on(t.ipAddress, t.createdAt),
  ],
);
