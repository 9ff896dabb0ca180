import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  assertDatabaseSuite,
  databaseSuites,
  REPO_ROOT,
  SUITES_ENV,
  testFiles,
} from "../tests/support/database-suites";

// Decision 0123: CI's PostgreSQL pass runs only the Vitest files whose run depends on
// TEST_DATABASE_URL. These tests hold the selection to that, and keep its guard armed.

describe("the selection of database suites", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "vitrina-suites-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write("tests/support/test-db.ts", "export const url = process.env.TEST_DATABASE_URL;\n");
  write("tests/support/child.ts", 'console.log(process.env["TEST_DATABASE_URL"]);\n');
  write("app/feature/helpers.ts", 'export { url } from "../../tests/support/test-db";\n');
  write("app/feature/a.ts", 'import { b } from "./b";\nexport const a = b;\n');
  write("app/feature/b.ts", 'import { a } from "./a";\nimport "~/feature/helpers";\nexport const b = a;\n');
  write("app/lib/money.ts", "export const cents = 100;\n");
  write("app/feature/service.server.test.ts", 'import { url } from "~/feature/helpers";\n');
  write("app/feature/cycle.test.ts", 'import { a } from "./a";\n');
  write("app/lib/money.test.ts", 'import { cents } from "./money";\nimport { z } from "zod";\n');
  write("server/crash.test.ts", 'spawn("npx", ["tsx", "tests/support/child.ts"]);\n');
  write("scripts/lazy.test.tsx", 'const db = await import("../tests/support/test-db");\n');
  write("scripts/own.test.ts", "const url = process.env.TEST_DATABASE_URL;\n");

  it("takes a file that reaches TEST_DATABASE_URL through its imports, however deep, and leaves the rest", () => {
    expect(databaseSuites(root)).toEqual([
      "app/feature/cycle.test.ts",
      "app/feature/service.server.test.ts",
      "scripts/lazy.test.tsx",
      "scripts/own.test.ts",
      "server/crash.test.ts",
    ]);
    expect(testFiles(root)).toContain("app/lib/money.test.ts");
  });

  it("in this repository, holds every file that opens a test database, and no file that does not", () => {
    const selected = new Set(databaseSuites(REPO_ROOT));
    // What a database test calls, read independently of the import scan.
    const opensDatabase =
      /TEST_DATABASE_URL|databaseForThisFile|databaseOfItsOwnForThisFile|listeningDatabaseForThisFile|startRouteDatabase|openTestDatabase|crashDatabases/;
    for (const file of testFiles(REPO_ROOT)) {
      const text = readFileSync(path.join(REPO_ROOT, file), "utf8");
      if (opensDatabase.test(text)) expect([file, selected.has(file)]).toEqual([file, true]);
      if (!selected.has(file))
        expect([file, /openDatabase\(|getDb\(|adoptDatabase\(/.test(text)]).toEqual([file, false]);
    }
    // The crash tests and the route tests are in; the pure ones are out.
    expect(selected).toContain("app/db/write-paths-crash.server.test.ts");
    expect(selected).toContain("app/auth/owner-context-wall.test.ts");
    expect(selected).not.toContain("app/lib/money.test.ts");
  });
});

describe("the guard on the selection", () => {
  it("fails a test file that opens the test database outside the selection, with the way out", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "vitrina-suites-guard-"));
    const list = path.join(dir, "suites.json");
    writeFileSync(list, JSON.stringify(["app/db/one.server.test.ts"]));
    const env = { [SUITES_ENV]: list };
    try {
      expect(() => assertDatabaseSuite(path.join(REPO_ROOT, "app/db/one.server.test.ts"), env)).not.toThrow();
      expect(() => assertDatabaseSuite(path.join(REPO_ROOT, "app/db/other.server.test.ts"), env)).toThrow(
        /app\/db\/other\.server\.test\.ts opens the test database, but CI's PostgreSQL pass would leave it out/,
      );
      // One file run from an editor, without the global setup: nothing to hold it to.
      expect(() =>
        assertDatabaseSuite(path.join(REPO_ROOT, "app/db/other.server.test.ts"), {}),
      ).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is armed in the suite's own run: the global setup hands the files the selection", () => {
    const list = process.env[SUITES_ENV];
    expect(list).toBeTruthy();
    expect(JSON.parse(readFileSync(list!, "utf8"))).toEqual(databaseSuites(REPO_ROOT));
    // The guard knows which file is running (it reads the path Vitest gives).
    expect(path.relative(REPO_ROOT, expect.getState().testPath ?? "")).toBe(
      "scripts/database-suites.test.ts",
    );
  });
});
