// `npm run restore -- <archive>`: a backup from `npm run backup` into an EMPTY data directory
// (DATA_DIR) or an empty PostgreSQL database (DATABASE_URL), then checked against its manifest:
// every table's rows and every file's SHA-256 (decision 0046, docs/operations.md "Backups").
import { restoreBackup } from "~/features/backup/restore.server";
import { dataDirSetting } from "~/lib/config.server";
import { ownerOnlyFiles, secureDataDir } from "~/lib/data-dir.server";

// Decision 0119: what this writes under DATA_DIR (and the backup) is the operator's only.
ownerOnlyFiles();

const archive = process.argv[2];
if (!archive) {
  console.error("usage: npm run restore -- backups/vitrina-backup-….tar.gz");
  process.exit(2);
}
// Not getConfig(): it would generate a new session secret in DATA_DIR before the backup's is restored.
const dataDir = dataDirSetting();
const databaseUrl = process.env.DATABASE_URL || null;
secureDataDir(dataDir);
try {
  const { manifest, tables, files } = await restoreBackup({ archive, dataDir, databaseUrl });
  console.log(
    `Restored the backup of ${manifest.createdAt}: ${tables} tables and ${files} files, each checked against the manifest.\nStart the server with the same DATA_DIR${databaseUrl ? " and DATABASE_URL" : ""}.`,
  );
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
