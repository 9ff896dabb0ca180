import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * pg_dump or pg_restore: from PG_BIN, else on PATH, else the newest Debian cluster's binaries
 * (/usr/lib/postgresql/<version>/bin, where .ci/run finds its server too).
 */
export function pgTool(name: "pg_dump" | "pg_restore"): string {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, name);
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((entry) => /^\d+$/.test(entry))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const candidate = path.join(debian, version, "bin", name);
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error(`${name} was not found: install the PostgreSQL client (postgresql-client) or set PG_BIN`);
}

export async function runTool(file: string, args: string[]): Promise<void> {
  try {
    await run(file, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${path.basename(file)} failed${stderr ? `: ${stderr}` : ""}`);
  }
}
