import type { Queryable } from "~/db/client.server";
import { DESCRIPTION_MAX } from "~/features/catalog/product.schema";
import { isAppError } from "~/lib/app-error";
import { asBarcode } from "./library.schema";
import type { LibrarySource, ManifestRow } from "./library-source.server";
import {
  addLibraryEntry,
  hasLibraryFingerprint,
  libraryFingerprint,
  setLibraryCategoryLatin,
  setLibraryDescription,
} from "./library-write.server";

// `npm run library:import`: each manifest row with its image through the upload pipeline
// into the shared library. Idempotent: a row whose name, barcode and image bytes are already in
// the library is counted as existing and its image is not processed again.

export type LibraryImportProblem = { line: number; file: string; reason: string };
export type LibraryImportResult = {
  added: number;
  existing: number;
  failed: LibraryImportProblem[];
};
export type LibraryImportProgress = (done: number, total: number, result: LibraryImportResult) => void;

/** Images processed at once: sharp uses its own threads; more only queue (docs/performance.md). */
const CONCURRENCY = 2;

export async function importLibrary(
  db: Queryable,
  source: LibrarySource,
  onProgress: LibraryImportProgress = () => {},
): Promise<LibraryImportResult> {
  const result: LibraryImportResult = { added: 0, existing: 0, failed: [] };
  const rows = source.rows;
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      const outcome = await importRow(db, source, row);
      if (outcome === "added") result.added += 1;
      else if (outcome === "exists") result.existing += 1;
      else result.failed.push({ line: row.line, file: row.file, reason: outcome.reason });
      onProgress(++done, rows.length, result);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  result.failed.sort((a, b) => a.line - b.line);
  return result;
}

async function importRow(
  db: Queryable,
  source: LibrarySource,
  row: ManifestRow,
): Promise<"added" | "exists" | { reason: string }> {
  if (!row.name) return { reason: "no name" };
  if (row.name.length > 255) return { reason: "name longer than 255 characters" };
  if (!row.file) return { reason: "no image file named" };
  const barcode = row.barcode ? asBarcode(row.barcode) : null;
  if (row.barcode && !barcode) return { reason: `barcode "${row.barcode}" is not 8 to 14 digits` };
  if (row.description.length > DESCRIPTION_MAX)
    return { reason: `description longer than ${DESCRIPTION_MAX} characters` };
  const bytes = source.read(row.file);
  if (!bytes) return { reason: `image "${row.file}" is missing or larger than 5 MB` };
  const entry = {
    name: row.name,
    nameLatin: row.nameLatin,
    barcode,
    category: row.category,
    categoryLatin: row.categoryLatin,
    description: row.description,
  };
  const fingerprint = libraryFingerprint(entry, bytes);
  if (await hasLibraryFingerprint(db, fingerprint)) {
    // A re-run whose manifest now names the category in Latin gives the entry that name.
    if (row.categoryLatin) await setLibraryCategoryLatin(db, [fingerprint], row.categoryLatin);
    await setLibraryDescription(db, fingerprint, row.description);
    return "exists";
  }
  try {
    return await addLibraryEntry(db, { ...entry, source: "import", fingerprint }, { bytes });
  } catch (error) {
    if (isAppError(error)) return { reason: error.code };
    throw error;
  }
}
