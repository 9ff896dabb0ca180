import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { store } from "./stores";

/**
 * Decision 0131: a browser that asked to be reminded on this device (Settings → Notifications). The
 * endpoint is the push service's address for that browser; p256dh and auth are the keys the payload
 * is encrypted to (RFC 8291). A push service's 404 or 410 removes the row.
 */
export const pushSubscription = pgTable(
  "push_subscription",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    endpoint: text().notNull(),
    /** The browser's P-256 public key, base64url (65 bytes uncompressed). */
    p256dh: text().notNull(),
    /** The 16-byte authentication secret, base64url. */
    auth: text().notNull(),
    /** The browser as the owner's device list names it (from its User-Agent), shortened. */
    label: text().notNull(),
    createdBy: text().references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("push_subscription_store_endpoint_idx").on(t.storeId, t.endpoint),
    index("push_subscription_store_created_idx").on(t.storeId, t.createdAt),
  ],
);
