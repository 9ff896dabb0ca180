import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { store } from "./stores";

// Decision 0033: a product import is a job row that lives from the upload to the result screen. The
// uploaded file waits in a temp file (fileKey) while the owner maps, previews and chooses images;
// the commit runs on the server and the row carries its state, so a page that comes back finds it
// and a restart marks an interrupted one failed (decision 0033).
export const IMPORT_STATUSES = ["draft", "queued", "running", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_IMAGE_OPTIONS = ["generate", "library", "custom", "skip"] as const;
export type ImportImageOption = (typeof IMPORT_IMAGE_OPTIONS)[number];

export type ImportCounts = {
  added: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Products put on a promotion from the file's discount columns. */
  discounts?: number;
  /** Rows that set a point of sale's own price of a product. */
  pointOfSalePrices?: number;
  /** Decision 0106: categories whose Albanian name the file sets or clears. */
  categoryNamesSq?: number;
};
/**
 * Decision 0126: the owner's choices for one file at the preview: whether net quantities are read from
 * the names (absent: yes), and the days and kind of sale of a discount column without dates.
 */
export type ImportOptions = {
  nameQuantities?: boolean;
  discount?: { type: string; startsOn: string; endsOn: string };
};
export type SkippedRow = { line: number; reason: string; cells: string[] };
/** A row saved without a part of it (decisions 0062, 0063): its line, why, and the values named. */
export type ImportNoteRow = { line: number; reason: string; params: Record<string, string> };

export const importJob = pgTable(
  "import_job",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    actorId: text().references(() => user.id, { onDelete: "set null" }),
    status: text({ enum: IMPORT_STATUSES }).notNull().default("draft"),
    fileName: text().notNull(),
    fileKey: text().notNull(),
    fileSize: integer().notNull(),
    format: text({ enum: ["csv", "xlsx"] }).notNull(),
    // The owner's overrides of what was detected (null: detected).
    encoding: text(),
    delimiter: text(),
    // What the last read of the file used (detected, or the owner's), and its first rows: the
    // mapping step shows them without reading the file again (null: read it).
    sheetEncoding: text(),
    sheetDelimiter: text(),
    sampleRows: jsonb().$type<(string | number | null)[][]>(),
    headers: jsonb().$type<string[]>().notNull().default([]),
    mapping: jsonb().$type<(string | null)[]>(),
    imageOption: text({ enum: IMPORT_IMAGE_OPTIONS }),
    options: jsonb().$type<ImportOptions>(),
    totalRows: integer().notNull().default(0),
    rowsDone: integer().notNull().default(0),
    counts: jsonb().$type<ImportCounts>(),
    skippedRows: jsonb().$type<SkippedRow[]>(),
    notes: jsonb().$type<ImportNoteRow[]>(),
    productIds: jsonb().$type<string[]>(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("import_job_store_created_idx").on(t.storeId, t.createdAt),
    // Two imports of one store do not run at once (decision 0033): one queued or running row per store.
    uniqueIndex("import_job_one_running_idx").on(t.storeId).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

// The mapping an owner last confirmed for a set of headers, offered again next time at the mapping step.
export const importMapping = pgTable(
  "import_mapping",
  {
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    headersKey: text().notNull(),
    mapping: jsonb().$type<(string | null)[]>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("import_mapping_store_headers_idx").on(t.storeId, t.headersKey)],
);
