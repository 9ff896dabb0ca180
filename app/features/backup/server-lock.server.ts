import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// PGlite's files belong to one process (STACK-NOTES). The server leaves its pid in DATA_DIR while it
// runs, so that a backup or restore refuses to open the same directory under it.

const pidFile = (dataDir: string) => path.join(dataDir, "server.pid");

export function markServerRunning(dataDir: string): void {
  writeFileSync(pidFile(dataDir), String(process.pid));
}

export function markServerStopped(dataDir: string): void {
  const file = pidFile(dataDir);
  if (existsSync(file) && readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file);
}

/** The pid of a live server on this data directory; null when none (a stale file after kill -9 too). */
export function runningServer(dataDir: string): number | null {
  const file = pidFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}
