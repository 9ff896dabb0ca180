import path from "node:path";
import { getConfig } from "~/lib/config.server";
import { type Database, type Db, openDatabase } from "./client.server";

// One database per process. Kept on globalThis so that a dev-server module reload does not open
// a second PGlite on the same directory (STACK-NOTES: one process per data directory).
const holder = globalThis as typeof globalThis & { __vitrinaDatabase?: Promise<Database> };

export function initDatabase(): Promise<Database> {
  if (!holder.__vitrinaDatabase) {
    const config = getConfig();
    holder.__vitrinaDatabase = openDatabase({
      url: config.databaseUrl,
      dataDir: path.join(config.dataDir, "pglite"),
    });
  }
  return holder.__vitrinaDatabase;
}

let ready: Database | null = null;

/** The process database; initDatabase() has run at start-up before any request is served. */
export function getDb(): Db {
  if (!ready) throw new Error("Database used before initDatabase() finished");
  return ready.db;
}

/**
 * The process database behind the second tenancy wall for one store (decision 0083): what the
 * owner context and an API token's context run on, so a query that forgets its store filter
 * still reaches only this store's rows.
 */
export function getStoreDb(storeId: string): Db {
  if (!ready) throw new Error("Database used before initDatabase() finished");
  return ready.forStore(storeId);
}

/**
 * The process database as visitors' pages read it (decision 0083): read-only, and only the public
 * tables' rows of stores the public may see. Public pages, feeds, PDFs and the sitemap use it.
 */
export function getPublicDb(): Db {
  if (!ready) throw new Error("Database used before initDatabase() finished");
  return ready.forPublic();
}

/** The process database once started (null before, and in tests that adopted none). */
export function processDatabase(): Database | null {
  return ready;
}

export async function startDatabase(): Promise<Database> {
  const database = await initDatabase();
  await database.migrate();
  ready = database;
  return database;
}

/**
 * Makes an opened, already migrated database the process database: the route tests' copy of the
 * migrated template (tests/support/route-harness.ts), which must not migrate again.
 */
export function adoptDatabase(database: Database): void {
  holder.__vitrinaDatabase = Promise.resolve(database);
  ready = database;
}

export async function closeDatabase(): Promise<void> {
  const pending = holder.__vitrinaDatabase;
  holder.__vitrinaDatabase = undefined;
  ready = null;
  if (pending) await (await pending).close();
}
