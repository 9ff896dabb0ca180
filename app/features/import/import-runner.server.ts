// Runs a queued import on the server (decision 0033): the tab may close, the job goes on. Its
// state lives in the import_job row; its row-by-row progress in this process's memory (the commit
// is one transaction, whose writes nobody else can see until it ends), read by the progress page.
// A restart finds a job that was queued or running when the process died and marks it failed: the
// catalogue never saw any of it, because the commit is one transaction (decision 0033).

import { and, eq, inArray } from "drizzle-orm";
import { analyzeAfterLargeWrite } from "~/db/analyze.server";
import type { Db } from "~/db/client.server";
import { type ImportCounts, importJob, type SkippedRow } from "~/db/schema/imports";
import { applyImportImages } from "~/features/images/import-images.server";
import { isAppError } from "~/lib/app-error";
import { logger } from "~/lib/logger.server";
import { getMetrics } from "~/lib/metrics.server";
import { commitImport } from "./commit.server";
import { deleteImportFile } from "./import-file.server";
import { type ImportJob, rowsOfJob } from "./import-job.server";

/** At most this many skipped rows are kept for the download; the count is always exact. */
export const SKIPPED_KEPT = 10_000;

export type ImportProgress = { done: number; total: number; startedAt: number };
const progress = new Map<string, ImportProgress>();

/** Rows written so far by this process, while the job runs here. */
export function importProgress(jobId: string): ImportProgress | null {
  return progress.get(jobId) ?? null;
}

/** What runs after a successful commit: the images of step 4 (replaceable in tests). */
export type AfterImport = (input: { db: Db; job: ImportJob; productIds: string[] }) => Promise<void>;
const applyImages: AfterImport = async ({ db, job, productIds }) => {
  await applyImportImages({
    db,
    storeId: job.storeId,
    importId: job.id,
    option: job.imageOption ?? "skip",
    productIds,
  });
};
let afterImport: AfterImport = applyImages;
export function setAfterImport(hook: AfterImport | null): void {
  afterImport = hook ?? applyImages;
}

/** Starts the job without waiting for it (the action answers at once; the page polls). */
export function startImportJob(db: Db, jobId: string): void {
  void runImportJob(db, jobId).catch((error) => logger.error({ err: error, jobId }, "import runner failed"));
}

export async function runImportJob(db: Db, jobId: string): Promise<void> {
  const [job] = await db
    .update(importJob)
    .set({ status: "running", startedAt: new Date() })
    .where(and(eq(importJob.id, jobId), eq(importJob.status, "queued")))
    .returning();
  if (!job) return;
  const startedAt = Date.now();
  progress.set(job.id, { done: 0, total: job.totalRows, startedAt });
  try {
    const { rows, skipped, notes } = await rowsOfJob(job);
    const ctx = { db, storeId: job.storeId, actor: { userId: job.actorId } };
    // The kill -9 test (tests/e2e/import-kill.spec.ts) waits for this line to kill mid-commit.
    logger.info({ jobId, rows: rows.length }, "import commit started");
    const result = await commitImport(ctx, rows, {
      onProgress: (done, total) => progress.set(job.id, { done, total, startedAt }),
      jobId: job.id,
      fileName: job.fileName,
      skippedBefore: skipped.length,
    });
    const allSkipped: SkippedRow[] = [...skipped, ...result.skipped].sort((a, b) => a.line - b.line);
    const counts: ImportCounts = { ...result.counts, skipped: allSkipped.length };
    await db
      .update(importJob)
      .set({
        status: "done",
        counts,
        skippedRows: allSkipped.slice(0, SKIPPED_KEPT),
        notes: [...notes, ...result.notes].sort((a, b) => a.line - b.line).slice(0, SKIPPED_KEPT),
        productIds: result.productIds,
        rowsDone: job.totalRows,
        finishedAt: new Date(),
      })
      .where(eq(importJob.id, job.id));
    logger.info({ jobId, storeId: job.storeId, counts, ms: Date.now() - startedAt }, "import committed");
    getMetrics().importSeconds.observe({ outcome: "done" }, (Date.now() - startedAt) / 1000);
    // Decision 0107: PGlite never analyzes; a large import leaves its planner guessing.
    analyzeAfterLargeWrite(result.productIds.length, [
      "product",
      "category",
      "price_history",
      "activity_log",
    ]);
    try {
      // After "done": the owner sees the result at once; generated tiles appear as they are drawn.
      await afterImport({ db, job, productIds: result.productIds });
    } catch (error) {
      // The products are in; images can be added again from the products page.
      logger.error({ err: error, jobId }, "import images failed");
    }
  } catch (error) {
    const reason = isAppError(error) ? error.messageKey : "errors:importFailed";
    if (!isAppError(error) || error.status >= 500) logger.error({ err: error, jobId }, "import failed");
    getMetrics().importSeconds.observe({ outcome: "failed" }, (Date.now() - startedAt) / 1000);
    await db
      .update(importJob)
      .set({ status: "failed", error: reason, finishedAt: new Date() })
      .where(eq(importJob.id, job.id));
  } finally {
    progress.delete(job.id);
    await deleteImportFile(job.fileKey).catch(() => {});
  }
}

/** At start-up: imports a dead process left queued or running failed, their files removed. */
export async function recoverImports(db: Db): Promise<number> {
  const interrupted = await db
    .update(importJob)
    .set({ status: "failed", error: "import:failure.interrupted", finishedAt: new Date() })
    .where(inArray(importJob.status, ["queued", "running"]))
    .returning({ fileKey: importJob.fileKey });
  for (const job of interrupted) await deleteImportFile(job.fileKey).catch(() => {});
  if (interrupted.length > 0) logger.warn({ count: interrupted.length }, "interrupted imports marked failed");
  return interrupted.length;
}
