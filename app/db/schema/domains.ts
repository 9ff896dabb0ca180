import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { store } from "./stores";

/**
 * Decision 0133: a store's own domain (one per store). It is served only while `verifiedAt` is set:
 * the TXT record `_vitrina.<domain>` carried the store's token then, and the daily check keeps
 * `lastSeenAt` fresh; 7 days without the record clear `verifiedAt`. Many stores may claim a domain
 * they have not proven; only one may hold it verified (the partial unique index).
 * Written only by the app's own connection: the store's role has no grant.
 */
export const storeDomain = pgTable(
  "store_domain",
  {
    storeId: uuid()
      .primaryKey()
      .references(() => store.id, { onDelete: "cascade" }),
    /** Lowercase ASCII (an IDN in punycode), no trailing dot. */
    domain: text().notNull(),
    /** The value the TXT record must carry. */
    token: text().notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    /** The last time the record was found. */
    lastSeenAt: timestamp({ withTimezone: true }),
    /** The last time it was looked up, found or not. */
    checkedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("store_domain_verified_idx").on(t.domain).where(sql`verified_at is not null`),
    index("store_domain_domain_idx").on(t.domain),
  ],
);
