import { randomBytes } from "node:crypto";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { seedDemoStore } from "~/features/demo/demo-seed.server";
import { loadSealKeys, rotateSealKey } from "~/features/seals/seal-keys.server";
import { createBackup } from "./backup.server";
import { listFiles } from "./files.server";
import { restoreBackup } from "./restore.server";
import { tableDigests } from "./table-digest.server";

// A backup of a seeded store, restored into a fresh database and data directory, has every
// table and every file as they were: nothing missing, nothing different. On PGlite always; on
// PostgreSQL when TEST_DATABASE_URL is set (CI's second pass), in databases of its own.

const temp: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temp.push(dir);
  return dir;
};
const serverUrl = process.env.TEST_DATABASE_URL || null;
const createdDatabases: string[] = [];

afterAll(async () => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
  if (serverUrl && createdDatabases.length > 0) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of createdDatabases) await admin.query(`drop database if exists "${name}"`);
    await admin.end();
  }
});

/** A new, empty PostgreSQL database on the test server. */
async function newDatabase(): Promise<string> {
  const name = `vitrina_backup_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl! });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  createdDatabases.push(name);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A data directory with the demo store seeded into its database and a few uploaded images. */
/** One seeded source per engine, shared by the tests (seeding the demo takes seconds). */
const sources = new Map<string, Promise<{ dataDir: string; databaseUrl: string | null }>>();
function sourceFor(engine: string, databaseUrl: () => Promise<string | null>) {
  if (!sources.has(engine)) sources.set(engine, databaseUrl().then(seededSource));
  return sources.get(engine)!;
}

async function seededSource(databaseUrl: string | null) {
  const dataDir = tempDir("vitrina-backup-src-");
  const template = process.env.VITRINA_TEST_TEMPLATE;
  const database = await openDatabase({
    url: databaseUrl,
    dataDir: path.join(dataDir, "pglite"),
    loadDataDir: !databaseUrl && template ? new Blob([readFileSync(template)]) : undefined,
  });
  await database.migrate();
  await seedDemoStore(database.db, "demo-password-123");
  await database.close();
  const images = path.join(dataDir, "uploads", "stores", "s1", "products");
  mkdirSync(images, { recursive: true });
  for (let i = 0; i < 5; i++) writeFileSync(path.join(images, `p${i}.webp`), randomBytes(2048 + i));
  writeFileSync(path.join(dataDir, "uploads", "stores", "s1", "logo.webp"), randomBytes(999));
  writeFileSync(path.join(dataDir, "auth-secret"), randomBytes(32).toString("base64url"));
  // The generated VAPID keys (decision 0131): the owners' devices are subscribed to their public key.
  writeFileSync(
    path.join(dataDir, "vapid-keys.json"),
    JSON.stringify({ publicKey: "pub", privateKey: "priv" }),
  );
  // The seal keys (decision 0130), a rotated ring: the active key and a retired one, both needed
  // for the archive's seals to verify after a restore.
  loadSealKeys(dataDir);
  rotateSealKey(dataDir);
  return { dataDir, databaseUrl };
}

/** Files and folders below `dir` that a group or other users may read, write or enter. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isSymbolicLink() && (statSync(file).mode & 0o077) !== 0) open.push(file);
  }
  return open;
}

async function digestsOf(target: { dataDir: string; databaseUrl: string | null }) {
  const database = await openDatabase({
    url: target.databaseUrl,
    dataDir: path.join(target.dataDir, "pglite"),
  });
  try {
    return await tableDigests(database.db);
  } finally {
    await database.close();
  }
}

/** The tenancy wall (decision 0083): its policies, and whether the tenant role may read under them. */
async function wallOf(target: { dataDir: string; databaseUrl: string | null }) {
  const database = await openDatabase({
    url: target.databaseUrl,
    dataDir: path.join(target.dataDir, "pglite"),
  });
  try {
    const result = (await database.db.execute(sql`
      select (select count(*)::int from pg_policies where policyname = 'tenant_wall') as policies,
             has_table_privilege('vitrina_tenant', 'public.product', 'SELECT') as tenant_reads`)) as unknown as {
      rows: { policies: number; tenant_reads: boolean }[];
    };
    return result.rows[0];
  } finally {
    await database.close();
  }
}

/** Whether the restored products have planner statistics (pg_restore leaves none; decision 0115). */
async function productsAnalyzed(target: { dataDir: string; databaseUrl: string | null }) {
  const database = await openDatabase({ url: target.databaseUrl });
  try {
    const result = (await database.db.execute(sql`
      select last_analyze is not null as analyzed from pg_stat_user_tables
      where relname = 'product'`)) as unknown as { rows: { analyzed: boolean }[] };
    return result.rows[0]?.analyzed;
  } finally {
    await database.close();
  }
}

// The README's test command covers PGlite; CI's second pass (TEST_DATABASE_URL) covers PostgreSQL.
const engines: { name: string; databaseUrl: () => Promise<string | null> }[] = serverUrl
  ? [{ name: "PostgreSQL", databaseUrl: newDatabase }]
  : [{ name: "PGlite", databaseUrl: async () => null }];

// Seeding the demo store, backing up and restoring take a while on a busy 2-core machine.
const SLOW = 180_000;

describe.each(engines)("backup and restore on $name", ({ name, databaseUrl }) => {
  it(
    "restores every table and every file of a seeded store into a fresh database",
    async () => {
      const source = await sourceFor(name, databaseUrl);
      const outDir = tempDir("vitrina-backups-");
      // Decision 0119: a backup holds password hashes and the session secret; the folder it goes
      // to and the archive are the operator's only, even under a lax umask and a folder left open.
      chmodSync(outDir, 0o755);
      const umask = process.umask(0o022);
      const { archive, manifest } = await createBackup({
        ...source,
        outDir,
        now: new Date("2026-11-22T03:00:00Z"),
      }).finally(() => process.umask(umask));
      expect(statSync(outDir).mode & 0o777).toBe(0o700);
      expect(statSync(archive).mode & 0o777).toBe(0o600);
      expect(path.basename(archive)).toBe("vitrina-backup-2026-11-22T03-00-00-000Z.tar.gz");
      expect(manifest.uploads).toHaveLength(6);
      expect(manifest.database.tables.find((t) => t.table === "public.product")!.rows).toBeGreaterThan(50);

      const target = { dataDir: tempDir("vitrina-restore-"), databaseUrl: await databaseUrl() };
      const restored = await restoreBackup({ ...target, archive });
      expect(restored.files).toBe(6);
      // The source's files were 0644 (umask 022); restored, nothing is anyone else's to read.
      expect(openToOthers(target.dataDir)).toEqual([]);

      const before = await digestsOf(source);
      const after = await digestsOf(target);
      expect(before.length).toBeGreaterThan(20);
      expect(after).toEqual(before);
      const wall = await wallOf(source);
      expect(wall).toMatchObject({ tenant_reads: true });
      expect(await wallOf(target)).toEqual(wall);
      // A PostgreSQL restore analyzes what it loaded; a PGlite one restores the files, statistics too.
      if (target.databaseUrl) expect(await productsAnalyzed(target)).toBe(true);
      expect(await listFiles(path.join(target.dataDir, "uploads"))).toEqual(
        await listFiles(path.join(source.dataDir, "uploads")),
      );
      for (const secret of ["auth-secret", "vapid-keys.json", "seal-keys.json"]) {
        expect(readFileSync(path.join(target.dataDir, secret), "utf8")).toBe(
          readFileSync(path.join(source.dataDir, secret), "utf8"),
        );
      }
      // The restored site signs with the same key and still publishes the retired one.
      const sealKeys = loadSealKeys(source.dataDir);
      const restoredKeys = loadSealKeys(target.dataDir);
      expect(restoredKeys.active.kid).toBe(sealKeys.active.kid);
      expect(restoredKeys.published).toEqual(sealKeys.published);
      expect(restoredKeys.published).toHaveLength(2);
    },
    SLOW,
  );

  it(
    "refuses to restore over data, and leaves it as it was",
    async () => {
      const source = await sourceFor(name, databaseUrl);
      const { archive } = await createBackup({ ...source, outDir: tempDir("vitrina-backups-") });
      const before = await digestsOf(source);
      await expect(restoreBackup({ ...source, archive })).rejects.toThrow(/not empty|has tables/);
      expect(await digestsOf(source)).toEqual(before);
    },
    SLOW,
  );
});

describe.skipIf(serverUrl)("backup safety of the embedded database", () => {
  it("does not open the embedded database under a running server", async () => {
    const dataDir = tempDir("vitrina-backup-live-");
    mkdirSync(path.join(dataDir, "pglite"));
    // This test process stands in for the server: its pid is alive.
    writeFileSync(path.join(dataDir, "server.pid"), String(process.ppid));
    await expect(
      createBackup({ dataDir, databaseUrl: null, outDir: tempDir("vitrina-backups-") }),
    ).rejects.toThrow(/has the embedded database .* open/);
    // A pid file left by a server killed with -9 does not block a backup.
    writeFileSync(path.join(dataDir, "server.pid"), "999999999");
    await expect(
      createBackup({ dataDir, databaseUrl: null, outDir: tempDir("vitrina-backups-") }),
    ).rejects.toThrow(/There is no embedded database/);
  });

  it(
    "finds a damaged file in the archive",
    async () => {
      const source = await sourceFor("PGlite", async () => null);
      const outDir = tempDir("vitrina-backups-");
      const { archive } = await createBackup({ ...source, outDir });
      // Unpack, change one image, pack again: the manifest no longer matches.
      const work = tempDir("vitrina-tamper-");
      const { execFileSync } = await import("node:child_process");
      execFileSync("tar", ["-xzf", archive, "-C", work]);
      rmSync(archive);
      const image = path.join(work, "uploads", "stores", "s1", "logo.webp");
      writeFileSync(image, randomBytes(999));
      execFileSync("tar", ["-czf", archive, "-C", work, ...readdirSync(work)]);
      const target = { dataDir: tempDir("vitrina-restore-"), databaseUrl: null };
      await expect(restoreBackup({ ...target, archive })).rejects.toThrow(
        /differ from the manifest.*logo\.webp/,
      );
    },
    SLOW,
  );
});
