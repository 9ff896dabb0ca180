import { boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
  companyName: text().notNull(),
  active: boolean().notNull().default(true),
  // Issue 6: daily price confirmation counts Saturdays and Sundays unless the owner says otherwise.
  weekendsCount: boolean().notNull().default(true),
  // Issue 6: bumped by database triggers on any change to what the public page shows (decision 0007-i6).
  version: integer().notNull().default(1),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
