import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { secureDataDir, tighteningWarning } from "./data-dir.server";

// Decision 0119: DATA_DIR (database, session secret, outbox, backups) is the server user's only.

const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vitrina-data-dir-"));
  temp.push(dir);
  return dir;
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** What `find <dir> -perm /go+rwx` lists: anything a group or other users may read, write or enter. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  if ((statSync(dir).mode & 0o077) !== 0) open.push(dir);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isSymbolicLink() && (statSync(file).mode & 0o077) !== 0) open.push(file);
  }
  return open;
}

/** Runs `work` under the umask most systems start a service with (files 0644, folders 0755). */
async function underLaxUmask<T>(work: () => Promise<T> | T): Promise<T> {
  const umask = process.umask(0o022);
  try {
    return await work();
  } finally {
    process.umask(umask);
  }
}

describe("the data directory", () => {
  it("is created 0700", async () => {
    const dataDir = path.join(tempDir(), "data");
    const result = await underLaxUmask(() => secureDataDir(dataDir));
    expect(modeOf(dataDir)).toBe(0o700);
    expect(result.failed).toEqual([]);
  });

  it("left open by an earlier version, is tightened with everything in it, and links are left alone", async () => {
    const dataDir = tempDir();
    const outside = path.join(tempDir(), "elsewhere.txt");
    writeFileSync(outside, "not ours", { mode: 0o644 });
    chmodSync(outside, 0o644);
    chmodSync(dataDir, 0o755);
    for (const folder of ["pglite/pg_wal", "mail", "uploads/stores/s1"]) {
      mkdirSync(path.join(dataDir, folder), { recursive: true, mode: 0o755 });
      chmodSync(path.join(dataDir, folder), 0o777);
    }
    const files: [string, number][] = [
      ["auth-secret", 0o644],
      ["pglite/pg_wal/000000010000000000000001", 0o666],
      ["mail/2026-11-27-code.eml", 0o644],
      ["uploads/stores/s1/logo.webp", 0o664],
    ];
    for (const [file, mode] of files) {
      writeFileSync(path.join(dataDir, file), "x");
      chmodSync(path.join(dataDir, file), mode);
    }
    symlinkSync(outside, path.join(dataDir, "link"));

    const result = secureDataDir(dataDir);

    expect(openToOthers(dataDir)).toEqual([]);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, "pglite/pg_wal"))).toBe(0o700);
    expect(modeOf(path.join(dataDir, "auth-secret"))).toBe(0o600);
    expect(modeOf(path.join(dataDir, "pglite/pg_wal/000000010000000000000001"))).toBe(0o600);
    expect(modeOf(outside)).toBe(0o644);
    expect(result).toMatchObject({ failed: [] });
    expect(tighteningWarning(dataDir, result)).toBeNull();
  });

  it("says loudly what it could not tighten", () => {
    const warning = tighteningWarning("/srv/data", {
      tightened: 0,
      failed: ["/srv/data/pglite/base/5/1259: EPERM"],
    });
    expect(warning).toMatch(/^WARNING: 1 files or folders in \/srv\/data could not be made/);
    expect(warning).toContain("/srv/data/pglite/base/5/1259: EPERM");
    expect(warning).toContain("chmod -R go-rwx /srv/data");
  });

  // The embedded database only: the PostgreSQL pass has no PGlite cluster to look at.
  it.skipIf(process.env.TEST_DATABASE_URL)(
    "an embedded database's files (its WAL too) are the server user's only, from its first start",
    async () => {
      const dataDir = tempDir();
      const clusterDir = path.join(dataDir, "pglite");
      // As a server started before the umask was set: PGlite's own files come out 0666 regardless.
      const database = await underLaxUmask(() => openDatabase({ url: null, dataDir: clusterDir }));
      try {
        await database.db.execute("create table secrets (token text)");
        await database.db.execute("insert into secrets values ('a session token')");
        expect(openToOthers(clusterDir)).toEqual([]);
        expect(readdirSync(path.join(clusterDir, "pg_wal")).length).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
    },
    120_000,
  );
});
