import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// Decision 0109: a PGlite data directory belongs to one process, and a kill -9 at any
// moment must leave a directory that opens.
// - PGlite has no lock of its own: a second process on the same folder runs crash recovery and a
//   checkpoint under the first one, and the first one's later commits are lost. The folder is locked
//   by `<dir>.lock`, created atomically (link) with the holder's pid, boot and start time; a lock whose
//   process is gone (kill -9, reboot, a reused pid) is stale and taken over.
// - PGlite creates a new cluster by unpacking initdb's files into the folder, PG_VERSION before
//   postgresql.conf: killed in between, the folder says "database here" and never opens again. It is
//   created in `<dir>.init` and renamed into place when complete.

export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by process ${pid} (another Vitrina server, a backup or a restore). ` +
        "Two processes on one PGlite folder lose data: stop that process first, or give this one another DATA_DIR.",
    );
    this.name = "DataDirInUseError";
  }
}

const heldHere = new Set<string>();

/** This process as the lock names it: pid, boot and start time, so a reused pid is not mistaken for it. */
function identity(pid: number): string | null {
  if (process.platform !== "linux") return String(pid);
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22 (starttime) counts after the command name, which is in parentheses and may hold spaces.
    const startTime = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return `${pid} ${boot} ${startTime}`;
  } catch {
    return null; // no such process
  }
}

/** The pid holding the lock, or null when the lock is stale (its process is gone or is another one). */
function liveHolder(recorded: string, lockFile: string): number | null {
  const pid = Number(recorded.split(" ")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (pid === process.pid) return heldHere.has(lockFile) ? pid : null;
  if (process.platform === "linux") return identity(pid) === recorded ? pid : null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return null;
  }
}

/** Takes the folder's lock or throws DataDirInUseError; returns the release. */
export function lockDataDir(dir: string): () => void {
  const lockFile = path.resolve(`${dir}.lock`);
  mkdirSync(path.dirname(lockFile), { recursive: true });
  const mine = identity(process.pid) ?? String(process.pid);
  const candidate = `${lockFile}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(candidate, mine);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(candidate, lockFile); // atomic: exactly one process creates the file, already filled
        heldHere.add(lockFile);
        return () => {
          heldHere.delete(lockFile);
          if (readOrNull(lockFile) === mine) rmSync(lockFile, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const recorded = readOrNull(lockFile);
      if (recorded === null) continue; // released meanwhile
      const holder = liveHolder(recorded, lockFile);
      if (holder !== null) throw new DataDirInUseError(dir, holder);
      // Stale: moved aside (atomic), and put back if another process took it over in between.
      const aside = `${candidate}.stale`;
      try {
        renameSync(lockFile, aside);
      } catch {
        continue;
      }
      const moved = readOrNull(aside);
      if (moved !== recorded) {
        try {
          linkSync(aside, lockFile);
        } catch {
          // a third process holds it now; the next attempt reads it
        }
      }
      rmSync(aside, { force: true });
    }
    throw new Error(`Could not take the lock ${lockFile}: it keeps changing hands.`);
  } finally {
    rmSync(candidate, { force: true });
  }
}

/** Whether a cluster was created in `dir` (the files a first start writes last are there too). */
function checkCluster(dir: string): boolean {
  if (!existsSync(path.join(dir, "PG_VERSION"))) return false;
  const missing = ["postgresql.conf", "pg_hba.conf", "global/pg_control"].filter(
    (file) => !existsSync(path.join(dir, file)),
  );
  if (missing.length > 0) {
    throw new Error(
      `The embedded database in ${dir} is incomplete (${missing.join(", ")} missing): an earlier version was stopped ` +
        `while it created the folder, before any data was written to it. Move it away (mv ${dir} ${dir}.broken) and start again.`,
    );
  }
  return true;
}

/**
 * Makes sure `dir` holds a complete cluster: when it has none, `create` builds one in `<dir>.init`
 * (initdb, or a backup's dump) and the finished folder is renamed into place, so a kill leaves
 * either no cluster (the next start begins again) or a whole one.
 */
export async function ensureCluster(
  dir: string,
  create: (initDir: string) => Promise<void>,
): Promise<boolean> {
  if (checkCluster(dir)) return false;
  const initDir = `${path.resolve(dir)}.init`;
  rmSync(initDir, { recursive: true, force: true });
  mkdirSync(path.dirname(initDir), { recursive: true });
  await create(initDir);
  // Without PG_VERSION the folder holds no cluster: empty, or files of a start killed before it.
  rmSync(dir, { recursive: true, force: true });
  renameSync(initDir, dir);
  return true;
}
