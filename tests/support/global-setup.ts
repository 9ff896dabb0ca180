import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { databaseSuites, REPO_ROOT, SUITES_ENV } from "./database-suites";
import { databaseName, ownTemplateName, postgresAdmin } from "./postgres-admin";

/**
 * The schema is migrated once per run (STYLE.md "Tests", decision 0024). Against a real PostgreSQL
 * server every test file then connects to that database (a file whose jobs go over every store
 * copies a template of it instead: test-db.ts). On PGlite the migrated data directory is
 * dumped to a file, and each test file's in-memory database starts from it (tests/support/test-db.ts)
 * instead of running the migrations again.
 */
export default async function setup() {
  // Decision 0123: the files CI's PostgreSQL pass runs; a file that opens the test database
  // without being one of them fails (assertDatabaseSuite in test-db.ts and crash-databases.ts).
  const selectionDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-database-suites-"));
  const selection = path.join(selectionDir, "database-suites.json");
  writeFileSync(selection, JSON.stringify(databaseSuites(REPO_ROOT)));
  process.env[SUITES_ENV] = selection;
  const removeSelection = () => rmSync(selectionDir, { recursive: true, force: true });

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = await openDatabase({ url });
    await database.migrate();
    await database.close();
    // Copied by the files whose jobs go over every store (databaseOfItsOwnForThisFile).
    const admin = postgresAdmin(url);
    const template = ownTemplateName(url);
    await admin.drop(template);
    await admin.run(`create database ${template} template ${databaseName(url)}`);
    return async () => {
      removeSelection();
      await admin.drop(template);
    };
  }
  const template = await openDatabase({ url: null });
  await template.migrate();
  const dump = await template.dumpDataDir!();
  await template.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), "vitrina-test-template-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  // Test files run in forks started after this, and inherit the environment.
  process.env.VITRINA_TEST_TEMPLATE = file;
  return () => {
    removeSelection();
    rmSync(dir, { recursive: true, force: true });
  };
}
