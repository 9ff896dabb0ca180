import { readFileSync } from "node:fs";
import path from "node:path";
import { testFiles } from "./database-suites.ts";

/**
 * Decision 0146: which Vitest files need a module graph of their own. A file that replaces a module
 * (vi.mock), changes the environment the app reads once and keeps (process.env, whose settings
 * getConfig caches), stubs a global or fakes the clock would leak that into the next file of its
 * fork; it runs isolated. Every other file shares its fork's modules with the files before it, so
 * the app's modules (auth, i18n, the schema, PGlite) are imported once per fork, not once per file.
 * Derived from the sources on each run: no list to keep by hand.
 */
const NEEDS_ISOLATION =
  /\bvi\.(?:mock|doMock|stubEnv|stubGlobal|useFakeTimers|setSystemTime)\b|process\.env(?:\.\w+|\[[^\]]+\])\s*(?:=(?!=)|\?\?=|\|\|=)|delete\s+process\.env|Object\.assign\(\s*process\.env/;

export function needsIsolation(source: string): boolean {
  return NEEDS_ISOLATION.test(source);
}

/** The test files, relative to the root, split by whether they run isolated. */
export function testIsolation(root: string): { isolated: string[]; shared: string[] } {
  const isolated: string[] = [];
  const shared: string[] = [];
  for (const file of testFiles(root)) {
    (needsIsolation(readFileSync(path.join(root, file), "utf8")) ? isolated : shared).push(file);
  }
  return { isolated, shared };
}
