import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS, type Queryable } from "./client.server";

// Decision 0045: /readyz answers "not ready" while the database lacks a migration this build ships, e.g. an
// instance started against a database that another, older instance migrated (docs/operations.md).

type Journal = { entries: { when: number; tag: string }[] };

/** When the newest migration of this build was generated (drizzle stores it as created_at). */
export function newestMigrationTime(folder = MIGRATIONS): number {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as Journal;
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** True when the database has every migration of this build applied. */
export async function migrationsApplied(db: Queryable, folder = MIGRATIONS): Promise<boolean> {
  const result = (await db.execute(
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { newest: string | number | null }[] };
  const newest = Number(result.rows[0]?.newest ?? 0);
  return newest >= newestMigrationTime(folder);
}
