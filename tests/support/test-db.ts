import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect } from "vitest";
import { type Database, openDatabase } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { store } from "~/db/schema/stores";
import type { StoreContext } from "~/lib/service-context";
import { assertDatabaseSuite } from "./database-suites";
import { ownTemplateName, postgresAdmin } from "./postgres-admin";

/**
 * The database a service test runs on: an in-memory PGlite started from the migrated template, or
 * the PostgreSQL server at TEST_DATABASE_URL; both migrated once by tests/support/global-setup.ts.
 * Tests isolate themselves by creating their own users and stores, never by emptying tables.
 */
export async function openTestDatabase(): Promise<Database> {
  assertDatabaseSuite(expect.getState().testPath);
  const url = process.env.TEST_DATABASE_URL || null;
  if (url) return openDatabase({ url });
  const template = process.env.VITRINA_TEST_TEMPLATE;
  if (template) return openDatabase({ url: null, loadDataDir: new Blob([readFileSync(template)]) });
  // Run without the global setup (a single file from an editor): migrate this database itself.
  const database = await openDatabase({ url: null });
  await database.migrate();
  return database;
}

export async function createTestUser(database: Database, overrides: Partial<typeof user.$inferInsert> = {}) {
  const id = randomUUID();
  const [row] = await database.db
    .insert(user)
    .values({ id, name: "Test Owner", email: `owner-${id}@example.test`, ...overrides })
    .returning();
  return row!;
}

/** A user who owns a store, and the service context a dashboard request of theirs would get. */
export async function createTestStore(
  database: Database,
  overrides: Partial<typeof store.$inferInsert> = {},
): Promise<{ ctx: StoreContext; storeId: string; userId: string; username: string }> {
  const owner = await createTestUser(database, { onboarded: true });
  const username = `store-${owner.id.slice(0, 8)}`;
  const [row] = await database.db
    .insert(store)
    .values({
      ownerId: owner.id,
      username,
      name: "Test Store",
      phone: "+38971234567",
      companyName: "Test DOOEL",
      ...overrides,
    })
    .returning();
  return {
    // Behind the second tenancy wall, as a signed-in owner's requests are (decision 0083).
    ctx: { db: database.forStore(row!.id), storeId: row!.id, actor: { userId: owner.id } },
    storeId: row!.id,
    userId: owner.id,
    username: row!.username,
  };
}

/**
 * The test file's database, opened before its tests and closed after them:
 * `const database = databaseForThisFile();` at the top of a service test file.
 */
export function databaseForThisFile(): Database {
  let opened: Database | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    await opened?.close();
  });
  return openedInBeforeAll(() => opened, "databaseForThisFile()");
}

/**
 * A database that no other test file writes to, for a file whose jobs go over every store (the
 * day-end archive, the 08:00 reminders). On PostgreSQL the suite's files share one database, and
 * such a job there works through every store the other files made, so its time grew with the suite
 * until the day-end archive timed out at 30 s. PGlite: each file's database is its own already.
 */
export function databaseOfItsOwnForThisFile(): Database {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return databaseForThisFile();
  const admin = postgresAdmin(url);
  const name = `vitrina_own_${process.pid}_${randomUUID().slice(0, 8)}`;
  let opened: Database | undefined;
  beforeAll(async () => {
    await admin.run(`create database ${name} template ${ownTemplateName(url)}`);
    opened = await openDatabase({ url: admin.urlOf(name) });
  });
  afterAll(async () => {
    await opened?.close();
    await admin.drop(name);
  });
  return openedInBeforeAll(() => opened, "databaseOfItsOwnForThisFile()");
}

/** The database `opened()` gives once beforeAll has run, usable at the top of a test file. */
export function openedInBeforeAll(opened: () => Database | undefined, who: string): Database {
  return new Proxy({} as Database, {
    get(_target, key) {
      const database = opened();
      if (!database) throw new Error(`${who}: the database is opened in beforeAll; use it inside tests`);
      return Reflect.get(database, key);
    },
  });
}
