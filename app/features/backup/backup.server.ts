import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { openDatabase, type Queryable } from "~/db/client.server";
import { type FileEntry, listFiles } from "./files.server";
import { pgTool, runTool } from "./pg-tools.server";
import { runningServer } from "./server-lock.server";
import { tableRowCounts } from "./table-digest.server";

// Decision 0046: `npm run backup` writes one dated archive (tar.gz) with a manifest, the database and the
// uploaded files (decision 0046, docs/operations.md "Backups").

export const MANIFEST_FORMAT = 1;
export const AUTH_SECRET = "auth-secret";
export const SEAL_KEYS_FILE = "seal-keys.json";
/** The generated VAPID keys (decision 0131); app/features/push/vapid-keys.server.ts names it too. */
export const VAPID_KEYS_FILE = "vapid-keys.json";

export type Manifest = {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  database: {
    kind: "pglite" | "postgres";
    /** pglite: the data directory's tar; postgres: pg_dump's custom format. */
    file: "database.pglite.tar.gz" | "database.pgdump";
    /** Rows per table when the dump was taken, for a check after the restore. */
    tables: { table: string; rows: number }[];
  };
  /** DATA_DIR/uploads (local disk); with S3_BUCKET the images live in the bucket and are not here. */
  uploads: FileEntry[];
};

export type BackupTarget = { dataDir: string; databaseUrl: string | null };

export async function createBackup(
  source: BackupTarget & { outDir: string; now?: Date },
): Promise<{ archive: string; manifest: Manifest; bytes: number }> {
  const now = source.now ?? new Date();
  // Decision 0119: an archive holds password hashes and the session secret. Its folder and the
  // archive are the operator's only, whatever the umask or the folder's earlier mode.
  mkdirSync(source.outDir, { recursive: true, mode: 0o700 });
  chmodSync(source.outDir, 0o700);
  const staging = mkdtempSync(path.join(source.outDir, ".backup-"));
  try {
    const database = source.databaseUrl
      ? await dumpPostgres(source.databaseUrl, staging)
      : await dumpPglite(source.dataDir, staging);
    // The database first, then the files: an image is written before the row that names it, so
    // every image the dump names is on disk already.
    const uploadsDir = path.join(source.dataDir, "uploads");
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      createdAt: now.toISOString(),
      database,
      uploads: await listFiles(uploadsDir),
    };
    writeFileSync(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);

    const name = `vitrina-backup-${now.toISOString().replace(/[:.]/g, "-")}.tar.gz`;
    const archive = path.join(source.outDir, name);
    const partial = `${archive}.partial`;
    const args = ["-czf", partial, "-C", staging, "manifest.json", database.file];
    // The generated session secret (when BETTER_AUTH_SECRET is not set): without it every session ends.
    if (existsSync(path.join(source.dataDir, AUTH_SECRET))) args.push("-C", source.dataDir, AUTH_SECRET);
    // The seal keys (decision 0130): without them the days sealed so far no longer match the site's keys.
    if (existsSync(path.join(source.dataDir, SEAL_KEYS_FILE)))
      args.push("-C", source.dataDir, SEAL_KEYS_FILE);
    // The VAPID keys (decision 0131): without them every owner's device stops getting reminders.
    if (existsSync(path.join(source.dataDir, VAPID_KEYS_FILE)))
      args.push("-C", source.dataDir, VAPID_KEYS_FILE);
    if (manifest.uploads.length > 0) args.push("-C", source.dataDir, "uploads");
    await runTool("tar", args);
    chmodSync(partial, 0o600);
    renameSync(partial, archive);
    return { archive, manifest, bytes: statSync(archive).size };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function dumpPglite(dataDir: string, staging: string): Promise<Manifest["database"]> {
  const pid = runningServer(dataDir);
  if (pid) {
    throw new Error(
      `The server (pid ${pid}) has the embedded database in ${dataDir} open. Stop it, back up, and start it again (seconds), or run on PostgreSQL to back up while it serves.`,
    );
  }
  const directory = path.join(dataDir, "pglite");
  // PG_VERSION: an initialised cluster; an empty folder would be made into a new, empty database.
  if (!existsSync(path.join(directory, "PG_VERSION"))) {
    throw new Error(`There is no embedded database in ${directory}.`);
  }
  const database = await openDatabase({ url: null, dataDir: directory });
  try {
    const tables = await tableRowCounts(database.db);
    const tar = await database.dumpDataDir!();
    const file = "database.pglite.tar.gz" as const;
    writeFileSync(path.join(staging, file), Buffer.from(await tar.arrayBuffer()));
    return { kind: "pglite", file, tables };
  } finally {
    await database.close();
  }
}

async function dumpPostgres(url: string, staging: string): Promise<Manifest["database"]> {
  const file = "database.pgdump" as const;
  // The row counts and pg_dump see one snapshot: this transaction exports it and pg_dump adopts it.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0]!.id;
    const db = drizzle({ client, casing: "snake_case" }) as unknown as Queryable;
    const tables = await tableRowCounts(db);
    await runTool(pgTool("pg_dump"), [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--snapshot=${snapshot}`,
      "--file",
      path.join(staging, file),
      url,
    ]);
    await client.query("commit");
    return { kind: "postgres", file, tables };
  } finally {
    await client.end();
  }
}
