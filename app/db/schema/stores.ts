import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { StoreAddress } from "~/features/address/address";
import type { WeekHours } from "~/features/stores/hours";
import { user } from "./auth";

// The tenant. PRODUCT.md: one user owns one store; every store-owned row carries store_id.
export const store = pgTable("store", {
  id: uuid().primaryKey().defaultRandom(),
  ownerId: text()
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  username: text().notNull().unique(),
  name: text().notNull(),
  phone: text().notNull(),
  phonePublic: boolean().notNull().default(true),
  // The phone as visitors may see it, null when the owner keeps it private: the public pages' role
  // may read this column and not `phone` (decision 0120).
  publicPhone: text().generatedAlwaysAs(sql`case when phone_public then phone end`),
  companyName: text().notNull(),
  // The company's tax number (ЕДБ, 13 digits), printed as the buyer's on the pro-forma invoice;
  // optional, and not among the columns the public pages may read.
  taxNumber: text(),
  active: boolean().notNull().default(true),
  // Decision 0014: the address chosen from suggestions, the logo's storage key (sizes are derived from
  // it), the business hours, the onboarding step reached (null once onboarding is finished) and
  // the end of the free month that finishing onboarding starts (PRODUCT.md "Plans").
  address: jsonb().$type<StoreAddress>(),
  logoKey: text(),
  hours: jsonb().$type<WeekHours>(),
  onboardingStep: integer(),
  trialEndsAt: timestamp({ withTimezone: true }),
  // Daily price confirmation counts Saturdays and Sundays unless the owner says otherwise.
  weekendsCount: boolean().notNull().default(true),
  // Decision 0074: products have an Albanian name and description besides the Macedonian ones.
  albanianContent: boolean().notNull().default(false),
  // Decision 0136: the https origins whose pages may frame the store's embeddable list (/{username}/embed).
  embedOrigins: text().array().notNull().default(sql`'{}'::text[]`),
  // Bumped by database triggers on any change to what the public page shows (decision 0016).
  version: integer().notNull().default(1),
  // Set by the same trigger whenever the version moves: the feeds' Last-Modified, which must never
  // go back in time (deleting the newest product would otherwise make the list look older).
  versionChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// A changed username keeps answering for 90 days with a 301 to the new one, so old links still lead there.
export const usernameRedirect = pgTable(
  "username_redirect",
  {
    oldUsername: text().primaryKey(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("username_redirect_store_idx").on(t.storeId)],
);
