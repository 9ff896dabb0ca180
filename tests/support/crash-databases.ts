// Copies of one seeded database for the crash tests (app/db/write-paths-crash.server.test.ts): each
// kill gets a fresh copy of the same "before". PGlite: copies of a closed data directory.
// PostgreSQL (TEST_DATABASE_URL): databases created from a template database on the same server.

import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Logger } from "drizzle-orm";
import { expect } from "vitest";
import { type Database, openDatabase } from "~/db/client.server";
import { assertDatabaseSuite } from "./database-suites";
import { postgresAdmin } from "./postgres-admin";

export type CrashTarget = {
  /** The environment a crash child needs to open this copy. */
  env: Record<string, string>;
  /** Opens this copy in the test's own process; a logger sees each statement (the full run's count). */
  open: (logger?: Logger) => Promise<Database>;
  drop: () => Promise<void>;
};

export type CrashDatabases = {
  /** A new empty, migrated database to seed; close it before copying. */
  pristine: () => Promise<Database>;
  copy: () => Promise<CrashTarget>;
  dispose: () => Promise<void>;
};

export function crashDatabases(): CrashDatabases {
  assertDatabaseSuite(expect.getState().testPath);
  const url = process.env.TEST_DATABASE_URL;
  return url ? postgresCopies(url) : pgliteCopies();
}

function pgliteCopies(): CrashDatabases {
  const root = mkdtempSync(path.join(os.tmpdir(), "vitrina-write-crash-"));
  const pristineDir = path.join(root, "pristine");
  return {
    async pristine() {
      const template = process.env.VITRINA_TEST_TEMPLATE;
      const database = await openDatabase({
        url: null,
        dataDir: pristineDir,
        loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
      });
      if (!template) await database.migrate();
      return database;
    },
    async copy() {
      const dataDir = path.join(root, randomUUID());
      cpSync(pristineDir, dataDir, { recursive: true });
      return {
        env: { CRASH_DATA_DIR: dataDir },
        open: (logger) => openDatabase({ url: null, dataDir, logger }),
        drop: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
    dispose: async () => rmSync(root, { recursive: true, force: true }),
  };
}

function postgresCopies(url: string): CrashDatabases {
  const prefix = `vitrina_crash_${process.pid}`;
  const pristineName = `${prefix}_pristine`;
  const { urlOf, run: admin, drop } = postgresAdmin(url);
  const created: string[] = [];
  return {
    async pristine() {
      await admin(`create database ${pristineName}`);
      created.push(pristineName);
      const database = await openDatabase({ url: urlOf(pristineName) });
      await database.migrate();
      return database;
    },
    async copy() {
      const name = `${prefix}_${randomUUID().slice(0, 8)}`;
      await admin(`create database ${name} template ${pristineName}`);
      created.push(name);
      return {
        env: { CRASH_DATABASE_URL: urlOf(name) },
        open: (logger) => openDatabase({ url: urlOf(name), logger }),
        drop: () => drop(name),
      };
    },
    async dispose() {
      for (const name of created.reverse()) await drop(name);
    },
  };
}
