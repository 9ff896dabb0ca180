import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { databaseForThisFile } from "../../tests/support/test-db";
import { MIGRATIONS } from "./client.server";
import { migrationsApplied, newestMigrationTime } from "./migration-status.server";

const database = databaseForThisFile();
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("/readyz's migration check", () => {
  it("passes on a database migrated by this build", async () => {
    expect(await migrationsApplied(database.db)).toBe(true);
  });

  it("fails when this build ships a migration the database has not had", async () => {
    // A copy of the migrations with one more, newer entry: what a new build sees against an old database.
    const folder = mkdtempSync(path.join(os.tmpdir(), "vitrina-migrations-"));
    folders.push(folder);
    cpSync(MIGRATIONS, folder, { recursive: true });
    const journalFile = path.join(folder, "meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8"));
    const newest = newestMigrationTime(folder);
    journal.entries.push({
      idx: journal.entries.length,
      version: "7",
      when: newest + 1000,
      tag: "9999_next",
      breakpoints: true,
    });
    writeFileSync(journalFile, JSON.stringify(journal));
    expect(await migrationsApplied(database.db, folder)).toBe(false);
  });
});
