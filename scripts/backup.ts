// `npm run backup [-- --out DIR]`: one dated archive of the database and the uploaded files, with a
// manifest (decision 0046, docs/operations.md "Backups"). Uses DATA_DIR / DATABASE_URL like the server.
// PostgreSQL is backed up while the server runs; the embedded PGlite database only while it is stopped.
import path from "node:path";
import { createBackup } from "~/features/backup/backup.server";
import { getConfig } from "~/lib/config.server";
import { ownerOnlyFiles } from "~/lib/data-dir.server";

// Decision 0119: what this writes under DATA_DIR (and the backup) is the operator's only.
ownerOnlyFiles();

const outAt = process.argv.indexOf("--out");
const outDir = path.resolve(outAt > 0 && process.argv[outAt + 1] ? process.argv[outAt + 1]! : "backups");
const config = getConfig();
try {
  const started = performance.now();
  const { archive, manifest, bytes } = await createBackup({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    outDir,
  });
  const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Backup written: ${archive}\n  ${(bytes / 1024 / 1024).toFixed(1)} MB; ${manifest.database.kind} database, ${manifest.database.tables.length} tables, ${rows} rows; ${manifest.uploads.length} uploaded files; ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (config.s3)
    console.log("  Images are in the S3 bucket, not in this archive: back the bucket up with its own tools.");
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
