import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

// Decision 0119: DATA_DIR holds the database (its WAL has live session tokens and password hashes),
// the session secret, the mail outbox (one-time codes in clear) and backups. None of it is anyone
// else's to read or change on the machine: the folder is the owner's alone (0700), every file and
// folder in it too, uploaded images included (the public reaches those only through the server).

/** Files and folders this process creates are its user's only (0600 / 0700). */
export const OWNER_ONLY_UMASK = 0o077;

/** Called first thing by the server and by every script that writes under DATA_DIR. */
export function ownerOnlyFiles(): void {
  process.umask(OWNER_ONLY_UMASK);
}

export type Tightening = {
  /** Files and folders whose group/other bits were taken away. */
  tightened: number;
  /** What could not be tightened (another user's file, a read-only disk), with the reason. */
  failed: string[];
};

/**
 * Takes the group and other bits off `dir` and everything below it (symbolic links are left alone:
 * their targets are not ours to change). PGlite unpacks a new cluster's files 0666, whatever the
 * umask, so this runs again after a cluster is opened (client.server.ts).
 */
export function tightenTree(dir: string): Tightening {
  const result: Tightening = { tightened: 0, failed: [] };
  const visit = (target: string) => {
    let stat: ReturnType<typeof lstatSync>;
    try {
      stat = lstatSync(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT")
        result.failed.push(`${target}: ${reason(error)}`);
      return;
    }
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      try {
        chmodSync(target, stat.mode & 0o700);
        result.tightened++;
      } catch (error) {
        result.failed.push(`${target}: ${reason(error)}`);
      }
    }
    if (!stat.isDirectory()) return;
    let entries: string[];
    try {
      entries = readdirSync(target);
    } catch (error) {
      result.failed.push(`${target}: ${reason(error)}`);
      return;
    }
    for (const entry of entries) visit(path.join(target, entry));
  };
  visit(dir);
  return result;
}

/** Creates DATA_DIR owner-only (0700), or tightens the one that is there, and everything in it. */
export function secureDataDir(dir: string): Tightening {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return tightenTree(dir);
}

/** The loud warning for what could not be tightened; null when everything is owner-only. */
export function tighteningWarning(dir: string, result: Tightening): string | null {
  if (result.failed.length === 0) return null;
  const shown = result.failed.slice(0, 5).join("\n  ");
  const more = result.failed.length > 5 ? `\n  … and ${result.failed.length - 5} more` : "";
  return (
    `WARNING: ${result.failed.length} files or folders in ${dir} could not be made readable by this user only, ` +
    `and other users of this machine may read or change them (sessions, password hashes, codes):\n  ${shown}${more}\n` +
    `Fix it as their owner or root: chown -R <this user> ${dir} && chmod -R go-rwx ${dir} (docs/operations.md, "What to protect").`
  );
}

function reason(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}
