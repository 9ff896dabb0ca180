// What the import wizard's page shows for a job (steps 2–5), chosen by the job's state and
// the step the owner is on. Every read goes through getImportJob (the owner's store only).

import { importImagesPath } from "~/features/images/import-images.server";
import { importLibraryMatches } from "~/features/library/library-match.server";
import { promotionDay } from "~/features/promotions/price-in-effect.server";
import type { StoreContext } from "~/lib/service-context";
import type { ImportField } from "./columns";
import {
  getImportJob,
  hasSavedMapping,
  type ImportJob,
  jobSheetSummary,
  previewImport,
} from "./import-job.server";
import { importProgress } from "./import-runner.server";
import type { CellValue } from "./values";

export type DraftStep = "map" | "preview" | "images";

const SKIPPED_SHOWN = 50;

function cellText(value: CellValue | undefined): string {
  return value === null || value === undefined ? "" : String(value);
}

export async function importPage(ctx: StoreContext, jobId: string, step: string | null) {
  const job = await getImportJob(ctx, jobId);
  const base = { id: job.id, fileName: job.fileName, totalRows: job.totalRows };
  if (job.status === "draft") {
    if (step === "preview") {
      const preview = await previewImport(ctx, job.id);
      return {
        ...base,
        step: "preview" as const,
        ...preview,
        skipped: preview.skipped.slice(0, SKIPPED_SHOWN),
        notes: preview.notes.slice(0, SKIPPED_SHOWN),
        noteCount: preview.notes.length,
        today: promotionDay(),
        headers: job.headers,
        mapping: job.mapping as (ImportField | null)[],
      };
    }
    if (step === "images") return { ...base, step: "images" as const };
    // The upload left what this step shows on the job: the file is not read again here.
    const sheet = await jobSheetSummary(job);
    return {
      ...base,
      step: "map" as const,
      format: job.format,
      encoding: sheet.encoding,
      delimiter: sheet.delimiter,
      chosenEncoding: job.encoding,
      headers: job.headers,
      mapping: job.mapping as (ImportField | null)[],
      samples: sheet.sampleRows.map((row) => job.headers.map((_, i) => cellText(row[i]))),
      savedMapping: await hasSavedMapping(ctx, job.headers),
    };
  }
  if (job.status === "queued" || job.status === "running") {
    const live = importProgress(job.id);
    return {
      ...base,
      step: "progress" as const,
      status: job.status,
      done: live?.done ?? 0,
      total: live?.total ?? job.totalRows,
      elapsedMs: live ? Date.now() - live.startedAt : 0,
    };
  }
  // What "use first image for all" matched, shown on the result.
  const libraryMatches =
    job.status === "done" && job.imageOption === "library"
      ? await importLibraryMatches(ctx, job.productIds ?? [])
      : null;
  return { ...base, step: "result" as const, ...resultOf(job), libraryMatches };
}

function resultOf(job: ImportJob) {
  return {
    status: job.status as "done" | "failed",
    error: job.error,
    counts: job.counts ?? { added: 0, updated: 0, unchanged: 0, skipped: 0 },
    skipped: (job.skippedRows ?? []).slice(0, SKIPPED_SHOWN),
    notes: (job.notes ?? []).slice(0, SKIPPED_SHOWN),
    noteCount: job.notes?.length ?? 0,
    imageOption: job.imageOption,
    imagesPath: importImagesPath(job.id),
  };
}
