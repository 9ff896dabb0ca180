// The import wizard's services (decision 0033): upload → map → preview → images → run. Every read and
// write goes through getImportJob, which filters by the owner's store: another store's job id is
// "not found", whatever step asks.

import { and, count, desc, eq, gt, inArray, isNull, ne, or } from "drizzle-orm";
import {
  type ImportImageOption,
  type ImportOptions,
  type ImportStatus,
  importJob,
  importMapping,
} from "~/db/schema/imports";
import { netQuantityFromName } from "~/features/catalog/net-quantity-from-name";
import { promotionDay } from "~/features/promotions/price-in-effect.server";
import { PROMOTION_TYPES, type PromotionType } from "~/features/promotions/promotion-constants";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import {
  type ColumnMapping,
  detectMapping,
  IMPORT_FIELDS,
  type ImportField,
  mappingProblems,
} from "./columns";
import { type ImportPlan, planImport } from "./commit.server";
import type { ComplianceSummary } from "./compliance-summary";
import { IMPORT_MAX_BYTES } from "./file-options";
import { deleteImportFile, readImportBytes, saveImportFile } from "./import-file.server";
import { complianceAfterImport } from "./preview-compliance.server";
import { type Delimiter, type Encoding, type ImportSheet, readImportFile } from "./read-file.server";
import { type DiscountAnswer, type ImportNote, type ImportRow, type Skipped, toImportRows } from "./rows";
import type { CellValue } from "./values";

export type ImportJob = typeof importJob.$inferSelect;

/** Uploads per store and hour, so one store cannot hold the disk or the CPU; a real shop needs a handful. */
export const IMPORT_UPLOADS_PER_HOUR = 20;
/** The error of an upload the hourly limit refused: it was not read, so it does not count. */
const RATE_LIMITED = "errors:rateLimited";

export async function getImportJob(ctx: StoreContext, jobId: string): Promise<ImportJob> {
  const [job] = isUuid(jobId)
    ? await ctx.db
        .select()
        .from(importJob)
        .where(and(eq(importJob.storeId, ctx.storeId), eq(importJob.id, jobId)))
    : [];
  if (!job) throw new AppError("notFound");
  return job;
}

/** The store's newest import that is not finished (the products page links back to it). */
export async function getActiveImport(ctx: StoreContext): Promise<ImportJob | null> {
  const [job] = await ctx.db
    .select()
    .from(importJob)
    .where(and(eq(importJob.storeId, ctx.storeId), inArray(importJob.status, ["queued", "running"])))
    .orderBy(desc(importJob.createdAt))
    .limit(1);
  return job ?? null;
}

/** A set of headers as the saved mapping's key: the same columns in the same order. */
export function headersKey(headers: readonly string[]): string {
  return JSON.stringify(headers.map((header) => header.trim().toLowerCase()));
}

/** The rows of the file the mapping step shows under each column. */
export const SAMPLE_ROWS = 3;

/**
 * What a read of the file leaves on the job besides its headers and row count: the encoding and
 * delimiter it used and its first rows, so the mapping step reads nothing (the file is
 * parsed at most once per step — at the upload, at a mapping that changes the encoding or the
 * delimiter, at the preview and at the commit).
 */
function sheetSummary(sheet: ImportSheet) {
  return {
    sheetEncoding: sheet.encoding,
    sheetDelimiter: sheet.delimiter,
    sampleRows: sheet.rows.slice(0, SAMPLE_ROWS).map((row) => sheet.headers.map((_, i) => row[i] ?? null)),
    headers: sheet.headers,
    totalRows: sheet.rows.length,
  };
}

/**
 * Step 1: reads the file (refusing what it is not), keeps it as a temp file, offers a mapping.
 * Every upload counts against the hourly limit, the refused ones too: a file refused as a bomb or
 * as damaged cost the server its reading as much as a good one. The attempt's row is written first
 * (failed until the file is read, so a process that dies meanwhile leaves no live job), then
 * counted, so uploads sent at once cannot all slip under the limit; one refused by the limit itself
 * is marked so and not counted (decision 0118).
 */
export async function createImport(
  ctx: StoreContext,
  upload: { fileName: string; bytes: Uint8Array },
): Promise<ImportJob> {
  const id = crypto.randomUUID();
  const fileName = upload.fileName.slice(0, 200);
  await ctx.db.insert(importJob).values({
    id,
    storeId: ctx.storeId,
    actorId: ctx.actor.userId,
    status: "failed",
    error: "errors:importFailed",
    fileName,
    fileKey: id,
    fileSize: upload.bytes.length,
    format: /\.xlsx$/i.test(fileName) ? "xlsx" : "csv",
  });
  const attempt = and(eq(importJob.storeId, ctx.storeId), eq(importJob.id, id));
  const since = new Date(Date.now() - 60 * 60 * 1000);
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(importJob)
    .where(
      and(
        eq(importJob.storeId, ctx.storeId),
        gt(importJob.createdAt, since),
        or(isNull(importJob.error), ne(importJob.error, RATE_LIMITED)),
      ),
    );
  if ((recent?.n ?? 0) > IMPORT_UPLOADS_PER_HOUR) {
    await ctx.db.update(importJob).set({ error: RATE_LIMITED, finishedAt: new Date() }).where(attempt);
    throw new AppError("rateLimited");
  }

  let sheet: ImportSheet;
  try {
    if (upload.bytes.length === 0) throw new AppError("importEmpty");
    if (upload.bytes.length > IMPORT_MAX_BYTES) throw new AppError("importTooLarge");
    sheet = await readImportFile(upload.bytes, upload.fileName);
  } catch (error) {
    const key = error instanceof AppError ? error.messageKey : "errors:importFailed";
    await ctx.db.update(importJob).set({ error: key, finishedAt: new Date() }).where(attempt);
    throw error;
  }
  const [saved] = await ctx.db
    .select({ mapping: importMapping.mapping })
    .from(importMapping)
    .where(
      and(eq(importMapping.storeId, ctx.storeId), eq(importMapping.headersKey, headersKey(sheet.headers))),
    );
  const fileKey = await saveImportFile(id, upload.bytes);
  const [job] = await ctx.db
    .update(importJob)
    .set({
      status: "draft",
      error: null,
      fileKey,
      format: sheet.format,
      ...sheetSummary(sheet),
      mapping: saved?.mapping ?? detectMapping(sheet.headers),
    })
    .where(attempt)
    .returning();
  return job!;
}

/** Whether the offered mapping came from the store's saved one for these headers. */
export async function hasSavedMapping(ctx: StoreContext, headers: readonly string[]): Promise<boolean> {
  const [row] = await ctx.db
    .select({ key: importMapping.headersKey })
    .from(importMapping)
    .where(and(eq(importMapping.storeId, ctx.storeId), eq(importMapping.headersKey, headersKey(headers))));
  return row !== undefined;
}

/** The encoding, delimiter and first rows of the job's file: stored at its last read, else read now. */
export async function jobSheetSummary(
  job: ImportJob,
): Promise<{ encoding: Encoding | null; delimiter: Delimiter | null; sampleRows: CellValue[][] }> {
  if (job.sampleRows !== null) {
    return {
      encoding: job.sheetEncoding as Encoding | null,
      delimiter: job.sheetDelimiter as Delimiter | null,
      sampleRows: job.sampleRows,
    };
  }
  // A job uploaded before the summary was kept (migration 0026).
  const summary = sheetSummary(await readJobSheet(job));
  return {
    encoding: summary.sheetEncoding,
    delimiter: summary.sheetDelimiter,
    sampleRows: summary.sampleRows,
  };
}

export async function readJobSheet(job: ImportJob): Promise<ImportSheet> {
  return readImportFile(await readImportBytes(job.fileKey), job.fileName, {
    encoding: job.encoding as Encoding | null,
    delimiter: job.delimiter as Delimiter | null,
  });
}

function assertDraft(job: ImportJob): void {
  if (job.status !== "draft") throw new AppError("conflict");
}

export type MappingInput = { mapping: ColumnMapping; encoding: Encoding | null; delimiter: Delimiter | null };

/**
 * Step 2: the owner's mapping, saved for the store's next file with the same headers. An encoding
 * or delimiter other than the one in effect re-reads the file instead: its headers change, so
 * their mapping is detected afresh and shown again (`reread`).
 */
export async function saveMapping(
  ctx: StoreContext,
  jobId: string,
  input: MappingInput,
): Promise<{ job: ImportJob; reread: boolean }> {
  const job = await getImportJob(ctx, jobId);
  assertDraft(job);
  const current = await jobSheetSummary(job);
  const encoding = job.format === "csv" ? (input.encoding ?? current.encoding) : null;
  const delimiter = job.format === "csv" ? (input.delimiter ?? current.delimiter) : null;
  const reread = encoding !== current.encoding || delimiter !== current.delimiter;
  let headers = job.headers;
  let mapping: ColumnMapping;
  let summary: Partial<ReturnType<typeof sheetSummary>> = {};
  if (reread) {
    summary = sheetSummary(await readJobSheet({ ...job, encoding, delimiter }));
    headers = summary.headers!;
    mapping = detectMapping(headers);
  } else {
    mapping = headers.map((_, index) => {
      const field = input.mapping[index] ?? null;
      return field && (IMPORT_FIELDS as readonly string[]).includes(field) ? (field as ImportField) : null;
    });
    const problems = mappingProblems(mapping);
    if (problems.length > 0) {
      throw new AppError("validation", { fields: { form: `import:mapping.${problems[0]}` } });
    }
    await ctx.db
      .insert(importMapping)
      .values({ storeId: ctx.storeId, headersKey: headersKey(headers), mapping })
      .onConflictDoUpdate({
        target: [importMapping.storeId, importMapping.headersKey],
        set: { mapping, updatedAt: new Date() },
      });
  }
  const [updated] = await ctx.db
    .update(importJob)
    .set({ encoding, delimiter, headers, mapping, ...summary })
    .where(and(eq(importJob.storeId, ctx.storeId), eq(importJob.id, job.id)))
    .returning();
  return { job: updated!, reread };
}

/** The rows a preview shows of each kind. */
const PREVIEW_ROWS = 10;

export type ImportPreview = {
  sample: ImportRow[];
  /** The first rows that set a point of sale's own price (or leave a product out there). */
  pointOfSaleSample: ImportRow[];
  skipped: Skipped[];
  notes: ImportNote[];
  counts: ImportPlan["counts"];
  newCategories: string[];
  /** The fields the mapping reads, for the sample's columns (decision 0126). */
  mappedFields: ImportField[];
  /** Reading net quantities from the names: on or off for this file, and how many rows it fills. */
  nameQuantities: { on: boolean; rows: number };
  /** Rows with a discount but no dates, and the owner's days and kind of sale for them, if given. */
  undatedDiscounts: { rows: number; answer: DiscountAnswer | null };
  /** The first few products the import updates, by name (a re-import names them). */
  updatedNames: string[];
  /** What the check will still ask of the file's products; null: the file is too large to look first. */
  compliance: ComplianceSummary | null;
};

/** The products a re-import names as the ones it updates. */
const UPDATED_NAMES = 5;

/** The rows of a job's file as they will be saved, and the skipped ones with their reasons. */
export async function rowsOfJob(
  job: ImportJob,
  today: string = promotionDay(),
): Promise<{ rows: ImportRow[]; skipped: Skipped[]; notes: ImportNote[]; undatedDiscounts: number }> {
  const sheet = await readJobSheet(job);
  return toImportRows(sheet.rows, (job.mapping ?? detectMapping(sheet.headers)) as ColumnMapping, {
    today,
    ...rowOptionsOf(job.options),
  });
}

/** The owner's choices for the file as the rows read them (decision 0126). */
function rowOptionsOf(options: ImportOptions | null): {
  nameQuantities: boolean;
  discountDays: DiscountAnswer | null;
} {
  const discount = options?.discount;
  return {
    nameQuantities: options?.nameQuantities !== false,
    discountDays:
      discount && (PROMOTION_TYPES as readonly string[]).includes(discount.type)
        ? { type: discount.type as PromotionType, startsOn: discount.startsOn, endsOn: discount.endsOn }
        : null,
  };
}

export type ImportOptionsInput = {
  nameQuantities?: boolean;
  discount?: { type: string; startsOn: string; endsOn: string } | null;
};

/**
 * The owner's choices at the preview, kept with the job for the commit (decision 0126): whether net
 * quantities are read from the names, and the days and kind of sale of a discount column without
 * dates. Days that are not days, end before they start or end before today are refused.
 */
export async function saveImportOptions(
  ctx: StoreContext,
  jobId: string,
  input: ImportOptionsInput,
): Promise<ImportJob> {
  const job = await getImportJob(ctx, jobId);
  assertDraft(job);
  const options: ImportOptions = { ...(job.options ?? {}) };
  if (input.nameQuantities !== undefined) options.nameQuantities = input.nameQuantities;
  if (input.discount === null) delete options.discount;
  else if (input.discount !== undefined) {
    const { type, startsOn, endsOn } = input.discount;
    const fields: Record<string, string> = {};
    // One message for the form: the preview shows it above its parts.
    if (!(PROMOTION_TYPES as readonly string[]).includes(type))
      fields.discountType = "import:discountDays.typeMissing";
    if (!isDay(startsOn)) fields.discountStartsOn = "import:discountDays.dayInvalid";
    if (!isDay(endsOn)) fields.discountEndsOn = "import:discountDays.dayInvalid";
    else if (isDay(startsOn) && endsOn < startsOn)
      fields.discountEndsOn = "import:discountDays.endBeforeStart";
    else if (endsOn < promotionDay()) fields.discountEndsOn = "import:discountDays.ended";
    const first = Object.values(fields)[0];
    if (first) throw new AppError("validation", { fields: { form: first } });
    options.discount = { type, startsOn, endsOn };
  }
  const [updated] = await ctx.db
    .update(importJob)
    .set({ options })
    .where(and(eq(importJob.storeId, ctx.storeId), eq(importJob.id, job.id)))
    .returning();
  return updated!;
}

function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Step 3: what the import will do, counted against the catalogue as it is now. Reads only. */
export async function previewImport(ctx: StoreContext, jobId: string): Promise<ImportPreview> {
  const job = await getImportJob(ctx, jobId);
  const today = promotionDay();
  const { rows, skipped, notes, undatedDiscounts } = await rowsOfJob(job, today);
  const plan = await planImport(ctx.db, ctx.storeId, rows, today);
  const options = rowOptionsOf(job.options);
  const unchangedIds = plan.products.rows
    .filter((planned) => planned.outcome === "unchanged")
    .map((planned) => planned.id);
  const compliance = await complianceAfterImport(ctx, rows, unchangedIds);
  const allSkipped = [...skipped, ...plan.skipped].sort((a, b) => a.line - b.line);
  // The rows shown are rows the import saves (a row the plan skips is among the skipped ones): the
  // store's, and apart from them the points of sale's, each naming its point as the store calls it.
  const skippedLines = new Set(plan.skipped.map((row) => row.line));
  return {
    sample: rows.filter((row) => !row.pointOfSale && !skippedLines.has(row.line)).slice(0, PREVIEW_ROWS),
    pointOfSaleSample: plan.pointOfSaleRows
      .slice(0, PREVIEW_ROWS)
      .map(({ pointOfSaleId: _, pointOfSaleName, ...row }) => ({ ...row, pointOfSale: pointOfSaleName })),
    skipped: allSkipped,
    notes: [...notes, ...plan.notes].sort((a, b) => a.line - b.line),
    counts: { ...plan.counts, skipped: allSkipped.length },
    newCategories: plan.newCategories,
    mappedFields: ((job.mapping ?? []) as ColumnMapping).filter(
      (field): field is ImportField => field !== null,
    ),
    nameQuantities: {
      on: options.nameQuantities,
      rows: options.nameQuantities
        ? rows.filter((row) => row.netQuantityFromName).length
        : rows.filter((row) => row.netQuantityMilli == null && netQuantityFromName(row.name)).length,
    },
    undatedDiscounts: { rows: undatedDiscounts, answer: options.discountDays },
    updatedNames: plan.products.rows
      .filter((planned) => planned.outcome === "updated")
      .slice(0, UPDATED_NAMES)
      .map((planned) => planned.values.name),
    compliance,
  };
}

/**
 * Step 4 → 5: stores the image choice and queues the job. The unique partial index on queued and
 * running jobs refuses a second import of the same store while one runs.
 */
export async function queueImport(
  ctx: StoreContext,
  jobId: string,
  imageOption: ImportImageOption,
): Promise<ImportJob> {
  const job = await getImportJob(ctx, jobId);
  assertDraft(job);
  if (mappingProblems((job.mapping ?? []) as ColumnMapping).length > 0) throw new AppError("validation");
  try {
    const [queued] = await ctx.db
      .update(importJob)
      .set({ status: "queued" satisfies ImportStatus, imageOption })
      .where(and(eq(importJob.storeId, ctx.storeId), eq(importJob.id, job.id), eq(importJob.status, "draft")))
      .returning();
    if (!queued) throw new AppError("conflict");
    return queued;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("importBusy", { cause: error });
  }
}

/** The owner abandons a draft: its file is deleted at once. */
export async function cancelImport(ctx: StoreContext, jobId: string): Promise<void> {
  const job = await getImportJob(ctx, jobId);
  assertDraft(job);
  await ctx.db
    .update(importJob)
    .set({ status: "failed", error: "cancelled", finishedAt: new Date() })
    .where(and(eq(importJob.storeId, ctx.storeId), eq(importJob.id, job.id)));
  await deleteImportFile(job.fileKey);
}
