import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { tighteningWarning, tightenTree } from "~/lib/data-dir.server";
import {
  AUTH_SECRET,
  type BackupTarget,
  MANIFEST_FORMAT,
  type Manifest,
  SEAL_KEYS_FILE,
  VAPID_KEYS_FILE,
} from "./backup.server";
import { listFiles } from "./files.server";
import { pgTool, runTool } from "./pg-tools.server";
import { runningServer } from "./server-lock.server";
import { tableRowCounts } from "./table-digest.server";

// Decision 0046: `npm run restore -- <archive>` puts a backup into an EMPTY data directory or database,
// then checks it against the manifest: every table's row count, every file's SHA-256.

export async function restoreBackup(
  target: BackupTarget & { archive: string },
): Promise<{ manifest: Manifest; tables: number; files: number }> {
  if (!existsSync(target.archive)) throw new Error(`No backup at ${target.archive}.`);
  const unpacked = mkdtempSync(path.join(os.tmpdir(), "vitrina-restore-"));
  try {
    await runTool("tar", ["-xzf", target.archive, "-C", unpacked]);
    const manifest = readManifest(unpacked);
    const uploadsDir = path.join(target.dataDir, "uploads");
    if (existsSync(uploadsDir) && readdirSync(uploadsDir).length > 0) {
      throw new Error(`${uploadsDir} is not empty: restore into a new data directory.`);
    }
    if (manifest.database.kind === "postgres") {
      if (!target.databaseUrl) {
        throw new Error("This backup is of a PostgreSQL database: set DATABASE_URL to an empty database.");
      }
      await restorePostgres(target.databaseUrl, path.join(unpacked, manifest.database.file));
    } else {
      if (target.databaseUrl) {
        throw new Error("This backup is of the embedded database: restore it without DATABASE_URL.");
      }
      await restorePglite(target.dataDir, path.join(unpacked, manifest.database.file));
    }
    await checkTables(target, manifest);

    if (manifest.uploads.length > 0) cpSync(path.join(unpacked, "uploads"), uploadsDir, { recursive: true });
    for (const name of [AUTH_SECRET, SEAL_KEYS_FILE, VAPID_KEYS_FILE]) {
      const secret = path.join(unpacked, name);
      if (existsSync(secret) && !existsSync(path.join(target.dataDir, name))) {
        cpSync(secret, path.join(target.dataDir, name));
        chmodSync(path.join(target.dataDir, name), 0o600);
      }
    }
    const restored = new Map((await listFiles(uploadsDir)).map((file) => [file.path, file.sha256]));
    // Decision 0119: an archive unpacked by root keeps the modes it was packed with.
    const warning = tighteningWarning(target.dataDir, tightenTree(target.dataDir));
    if (warning) console.warn(warning);
    const damaged = manifest.uploads.filter((file) => restored.get(file.path) !== file.sha256);
    if (damaged.length > 0) {
      throw new Error(`${damaged.length} files differ from the manifest, e.g. ${damaged[0]!.path}.`);
    }
    return { manifest, tables: manifest.database.tables.length, files: manifest.uploads.length };
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
}

function readManifest(dir: string): Manifest {
  const file = path.join(dir, "manifest.json");
  if (!existsSync(file)) throw new Error("This archive has no manifest.json: it is not a Vitrina backup.");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
  if (manifest.format !== MANIFEST_FORMAT) {
    throw new Error(`Backup format ${manifest.format} is not one this version reads (${MANIFEST_FORMAT}).`);
  }
  return manifest;
}

async function restorePglite(dataDir: string, dump: string): Promise<void> {
  const pid = runningServer(dataDir);
  if (pid) throw new Error(`A server (pid ${pid}) runs on ${dataDir}: stop it first.`);
  const directory = path.join(dataDir, "pglite");
  if (existsSync(directory) && readdirSync(directory).length > 0) {
    throw new Error(`${directory} is not empty: restore into a new data directory.`);
  }
  const database = await openDatabase({
    url: null,
    dataDir: directory,
    loadDataDir: new Blob([readFileSync(dump)]),
  });
  await database.close();
}

async function restorePostgres(url: string, dump: string): Promise<void> {
  const database = await openDatabase({ url });
  try {
    const result = (await database.db.execute(sql`
      select count(*)::int as tables from information_schema.tables
      where table_schema in ('public', 'drizzle')`)) as unknown as { rows: { tables: number }[] };
    if (Number(result.rows[0]!.tables) > 0) {
      throw new Error("The database in DATABASE_URL has tables: restore into an empty database (createdb).");
    }
  } finally {
    await database.close();
  }
  await runTool(pgTool("pg_restore"), [
    "--no-owner",
    "--no-privileges",
    "--exit-on-error",
    "--single-transaction",
    "--dbname",
    url,
    dump,
  ]);
  // The privileges were left out (another server's roles); the tenant and public roles' are given
  // again (decision 0083). A backup from before the wall has no such functions.
  const restored = await openDatabase({ url });
  try {
    await restored.db.execute(sql`
      do $$ begin
        if exists (select 1 from pg_proc where proname = 'grant_tenant_role') then perform grant_tenant_role(); end if;
        if exists (select 1 from pg_proc where proname = 'grant_public_role') then perform grant_public_role(); end if;
      end $$`);
    // pg_restore brings no planner statistics: without them the first reads would be planned blind
    // until autovacuum's next round (decision 0115).
    await restored.db.execute(sql`analyze`);
  } finally {
    await restored.close();
  }
}

async function checkTables(target: BackupTarget, manifest: Manifest): Promise<void> {
  const database = await openDatabase({
    url: target.databaseUrl,
    dataDir: path.join(target.dataDir, "pglite"),
  });
  try {
    const restored = new Map((await tableRowCounts(database.db)).map((t) => [t.table, t.rows]));
    for (const { table, rows } of manifest.database.tables) {
      if (restored.get(table) !== rows) {
        throw new Error(
          `Table ${table} has ${restored.get(table) ?? "no"} rows after the restore, ${rows} in the backup.`,
        );
      }
    }
  } finally {
    await database.close();
  }
}
