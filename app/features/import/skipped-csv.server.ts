// The rows an import skipped, as a CSV the owner fixes in Excel and imports again (the wizard's last step):
// UTF-8 with BOM, formula-safe cells (activity-csv.ts), the line and reason first, then the row;
// and the rows saved with a note, by line (decision 0076).
import type { TFunction } from "i18next";
import { CSV_BOM, csvLine } from "~/features/activity/activity-csv";
import type { StoreContext } from "~/lib/service-context";
import { getImportJob } from "./import-job.server";

export async function skippedRowsCsv(ctx: StoreContext, jobId: string, t: TFunction): Promise<string> {
  const job = await getImportJob(ctx, jobId);
  let csv = CSV_BOM + csvLine([t("import:preview.line"), t("import:preview.reason"), ...job.headers]);
  // The rows saved with a note (a barcode left out, a discount that is no promotion) follow on
  // their lines, with the note and no cells: the file itself has them.
  const lines = [
    ...(job.skippedRows ?? []).map((row) => ({
      line: row.line,
      cells: [row.line, t(`import:reasons.${row.reason}`), ...row.cells],
    })),
    ...(job.notes ?? []).map((note) => ({
      line: note.line,
      cells: [note.line, t(`import:notes.${note.reason}`, note.params)],
    })),
  ].sort((a, b) => a.line - b.line);
  for (const { cells } of lines) csv += csvLine(cells);
  return csv;
}
