import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { REPORT_REASON_VALUES } from "../../features/reports/report-constants";
import { user } from "./auth";
import { product } from "./catalog";
import { store } from "./stores";

// The compliance core — daily price confirmation, archived price lists, customer reports.

export const CONFIRMATION_STATUSES = ["confirmed", "skipped", "missed"] as const;
export type ConfirmationStatus = (typeof CONFIRMATION_STATUSES)[number];

/** One row per store and Europe/Skopje calendar day: the owner's answer, or "missed" after 10:00. */
export const priceConfirmation = pgTable(
  "price_confirmation",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    status: text({ enum: CONFIRMATION_STATUSES }).notNull(),
    answeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: text().references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("price_confirmation_store_day_idx").on(t.storeId, t.day)],
);

export const SNAPSHOT_KINDS = ["confirmation", "day_end"] as const;

/**
 * What the public price list said at a moment, byte for byte: the archive behind
 * /{username}/prices/{YYYY-MM-DD}.csv|json. Rows are only ever inserted, and deleted by the
 * retention job once older than SNAPSHOT_RETENTION_DAYS (app/jobs/retention.server.ts).
 */
export const priceSnapshot = pgTable(
  "price_snapshot",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    kind: text({ enum: SNAPSHOT_KINDS }).notNull(),
    productCount: integer().notNull(),
    csv: text().notNull(),
    json: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("price_snapshot_store_day_idx").on(t.storeId, t.day, t.createdAt),
    // The retention job deletes across all stores by day (docs/decisions/0010-snapshot-retention.md).
    index("price_snapshot_day_idx").on(t.day),
  ],
);

export const REPORT_REASONS = REPORT_REASON_VALUES;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ["new", "resolved"] as const;

/** A visitor's report of a wrong price, image or other problem. */
export const productReport = pgTable(
  "product_report",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    productId: uuid().references(() => product.id, { onDelete: "set null" }),
    // The name at the time of the report, so the report still reads after the product is deleted.
    productName: text().notNull(),
    reasons: text({ enum: REPORT_REASONS }).array().notNull(),
    description: text().notNull().default(""),
    status: text({ enum: REPORT_STATUSES }).notNull().default("new"),
    // A keyed hash of the visitor's address: enough to rate-limit, nothing to identify.
    visitorKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("product_report_store_created_idx").on(t.storeId, t.createdAt),
    index("product_report_visitor_idx").on(t.visitorKey, t.createdAt),
  ],
);

/** A scheduled job's run for one key (usually a Skopje day): the row makes a repeat a no-op. */
export const jobRun = pgTable(
  "job_run",
  {
    name: text().notNull(),
    runKey: text().notNull(),
    finishedAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.name, t.runKey] })],
);
