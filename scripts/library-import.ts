// `npm run library:import -- <folder or .zip>`: loads product images into the shared image library
// (decision 0056). The folder or ZIP holds the images and library.csv or library.json with the columns
// file, name, name_latin, barcode, category (README "Image library"). Every image goes through the
// upload pipeline; running it again adds nothing twice. Uses DATA_DIR / DATABASE_URL like the
// server; stop a server that runs on the same PGlite data directory first.
import { existsSync } from "node:fs";
import { closeDatabase, startDatabase } from "~/db/db.server";
import { importLibrary, type LibraryImportResult } from "~/features/library/library-import.server";
import { LibrarySourceError, openLibrarySource } from "~/features/library/library-source.server";
import { ownerOnlyFiles } from "~/lib/data-dir.server";

// Decision 0119: what this writes under DATA_DIR (and the backup) is the operator's only.
ownerOnlyFiles();

const target = process.argv[2];
if (!target || !existsSync(target)) {
  console.error("usage: npm run library:import -- <folder or .zip>");
  process.exit(2);
}

let source: ReturnType<typeof openLibrarySource>;
try {
  source = openLibrarySource(target);
} catch (error) {
  if (!(error instanceof LibrarySourceError)) throw error;
  console.error(`library:import: ${error.message}`);
  process.exit(1);
}

const tty = process.stderr.isTTY;
let lastShown = -1;
function progress(done: number, total: number, result: LibraryImportResult) {
  const share = total === 0 ? 1 : done / total;
  const counts = `added ${result.added} · already there ${result.existing} · failed ${result.failed.length}`;
  if (tty) {
    const width = 30;
    const filled = Math.round(share * width);
    const bar = `${"█".repeat(filled)}${"░".repeat(width - filled)}`;
    process.stderr.write(`\r${bar} ${done}/${total} ${Math.round(share * 100)}% · ${counts}  `);
    if (done === total) process.stderr.write("\n");
    return;
  }
  // Not a terminal (a log file): a line every tenth.
  const tenth = Math.floor(share * 10);
  if (tenth !== lastShown) {
    lastShown = tenth;
    process.stderr.write(`${done}/${total} (${tenth * 10}%) · ${counts}\n`);
  }
}

const database = await startDatabase();
const started = Date.now();
try {
  console.log(`Importing ${source.rows.length} entries from ${target}`);
  const result = await importLibrary(database.db, source, progress);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Done in ${seconds} s: ${result.added} added, ${result.existing} already in the library, ${result.failed.length} failed.`,
  );
  for (const problem of result.failed.slice(0, 50))
    console.log(`  line ${problem.line} (${problem.file || "no file"}): ${problem.reason}`);
  if (result.failed.length > 50) console.log(`  … and ${result.failed.length - 50} more`);
  if (result.failed.length > 0) process.exitCode = 1;
} finally {
  await closeDatabase();
}
