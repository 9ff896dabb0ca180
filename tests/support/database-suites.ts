import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Which Vitest files CI runs a second time against PostgreSQL (decision 0123): the files whose
 * behaviour can change with TEST_DATABASE_URL. A file is one when it, or a module of this repository
 * it reaches through its imports (or names by path, as a child process to spawn), reads
 * TEST_DATABASE_URL: tests/support/test-db.ts, route-harness.ts, crash-databases.ts and the few test
 * files that read it themselves. Every other file runs the same code on either database, so its
 * second run proved nothing. Derived from the sources on each run: no list to keep by hand.
 */

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Where Vitest looks for test files (vitest.config.ts `include`). */
export const TEST_DIRS = ["app", "server", "scripts"] as const;
const TEST_FILE = /\.test\.tsx?$/;
const MARK = "TEST_DATABASE_URL";

/** Every Vitest test file, as a path relative to the repository root, sorted. */
export function testFiles(root: string): string[] {
  const files: string[] = [];
  for (const dir of TEST_DIRS) {
    const full = path.join(root, dir);
    if (!existsSync(full)) continue;
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !TEST_FILE.test(entry.name)) continue;
      files.push(path.relative(root, path.join(entry.parentPath, entry.name)));
    }
  }
  return files.sort();
}

// `from "x"`, `import "x"`, `import("x")`, `require("x")`, and paths named in strings
// ("tests/support/crash-child.ts", spawned as a child).
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["'`]([^"'`]+)["'`]/g;
const NAMED_PATH =
  /["'`]((?:\.{1,2}\/|tests\/|app\/|server\/|scripts\/)[^"'`\s]*\.(?:ts|tsx|mjs|cjs|js))["'`]/g;
const EXTENSIONS = ["", ".ts", ".tsx", ".mjs", ".cjs", ".js", "/index.ts", "/index.tsx"];

/** The repository file a specifier names, or null for a package or a file that is not there. */
function resolveLocal(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith("./") || specifier.startsWith("../"))
    base = path.resolve(path.dirname(from), specifier);
  else if (/^(tests|app|server|scripts)\//.test(specifier)) base = path.join(root, specifier);
  else return null;
  base = base.replace(/\?.*$/, "");
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && !readdirSafe(candidate)) return candidate;
  }
  return null;
}

function readdirSafe(file: string): boolean {
  try {
    readdirSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * The test files (relative paths, sorted) whose run depends on TEST_DATABASE_URL: the PostgreSQL
 * pass runs these and only these.
 */
export function databaseSuites(root: string): string[] {
  const sources = new Map<string, string>();
  const source = (file: string) => {
    let text = sources.get(file);
    if (text === undefined) {
      text = /\.(ts|tsx|mjs|cjs|js)$/.test(file) ? readFileSync(file, "utf8") : "";
      sources.set(file, text);
    }
    return text;
  };
  const imports = new Map<string, string[]>();
  const edges = (file: string): string[] => {
    const cached = imports.get(file);
    if (cached) return cached;
    const text = source(file);
    const found = new Set<string>();
    for (const pattern of [IMPORT, NAMED_PATH]) {
      for (const match of text.matchAll(pattern)) {
        const target = resolveLocal(root, file, match[1]!);
        if (target && !target.includes(`${path.sep}node_modules${path.sep}`)) found.add(target);
      }
    }
    const list = [...found];
    imports.set(file, list);
    return list;
  };
  // Everything a test file reaches through its imports, breadth-first (import cycles are fine).
  const readsMark = (start: string): boolean => {
    const seen = new Set([start]);
    const queue = [start];
    for (let file = queue.shift(); file; file = queue.shift()) {
      if (source(file).includes(MARK)) return true;
      for (const next of edges(file)) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    return false;
  };
  return testFiles(root).filter((file) => readsMark(path.join(root, file)));
}

/** The environment variable through which the global setup hands the selection to the test files. */
export const SUITES_ENV = "VITRINA_DATABASE_SUITES";

/**
 * The guard that keeps the selection honest: called wherever a test opens the database that
 * TEST_DATABASE_URL chooses (openTestDatabase, crashDatabases), it fails the test file when that
 * file is not one the PostgreSQL pass runs, so a file that reaches the database some way the
 * import scan does not see fails on PGlite already, instead of never running on PostgreSQL.
 * Without the global setup (one file run from an editor) there is no selection and nothing to check.
 */
export function assertDatabaseSuite(
  testPath: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const listFile = env[SUITES_ENV];
  if (!listFile || !testPath) return;
  const selected: string[] = JSON.parse(readFileSync(listFile, "utf8"));
  const file = path.relative(REPO_ROOT, testPath);
  if (!selected.includes(file)) {
    throw new Error(
      `${file} opens the test database, but CI's PostgreSQL pass would leave it out: it must import ` +
        "its database through tests/support (test-db.ts, route-harness.ts, crash-databases.ts) so that " +
        "tests/support/database-suites.ts finds it (decision 0123).",
    );
  }
}
