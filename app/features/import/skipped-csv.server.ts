// The rows an import skipped, as a CSV the owner fixes in Excel and imports again (issue 14 step 5):
// UTF-8 with BOM, formula-safe cells (activity-csv.ts), the line and reason first, then the row.
import type { TFunction } from "i18next";
import { CSV_BOM, csvLine } from "~/features/activity/activity-csv";
import type { StoreContext } from "~/lib/service-context";
import { getImportJob } from "./import-job.server";

export async function skippedRowsCsv(ctx: StoreContext, jobId: string, t: TFunction): Promise<string> {
  const job = await getImportJob(ctx, jobId);
  let csv = CSV_BOM + csvLine([t("import:preview.line"), t("import:preview.reason"), ...job.headers]);
  for (const row of job.skippedRows ?? []) {
    csv += csvLine([row.line, t(`import:reasons.${row.reason}`), ...row.cells]);
  }
  return csv;
}
