import type { StoreContext } from "~/lib/service-context";
import { detectMapping } from "./columns";
import { commitImport } from "./commit.server";
import { readImportFile } from "./read-file.server";
import { toImportRows } from "./rows";

/**
 * A file through the import as the wizard takes it, with the columns it recognises: read, rows,
 * commit; the skipped rows of reading and of committing together (the import and export tests).
 */
export async function importFileInto(ctx: StoreContext, bytes: Uint8Array, fileName = "products.csv") {
  const sheet = await readImportFile(bytes, fileName);
  const { rows, skipped } = toImportRows(sheet.rows, detectMapping(sheet.headers));
  const result = await commitImport(ctx, rows);
  return { ...result, skipped: [...skipped, ...result.skipped] };
}
