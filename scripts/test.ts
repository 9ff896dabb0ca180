// `npm test`: every test — unit and service tests (Vitest), then end-to-end tests in Chromium
// (Playwright) — closing with one line "N passed, N failed" for whoever reads the log.
//   --unit   only the Vitest suites (CI runs them again against PostgreSQL with TEST_DATABASE_URL:
//            then only the files whose run depends on the database, decision 0123)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfStale } from "../server/build-fresh";
import { databaseSuites, REPO_ROOT, testFiles } from "../tests/support/database-suites";

const unitOnly = process.argv.includes("--unit");
const runDir = takeRunTmpdir();
const reports = mkdtempSync(path.join(tmpdir(), "vitrina-test-"));
let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;

function run(command: string, args: string[], env: Record<string, string> = {}): number {
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  // Each part's time, for CI's log (docs/performance.md "CI").
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`\n[${command} ${args.slice(0, 2).join(" ")}: ${seconds} s]`);
  return result.status ?? 1;
}

// Vitest: unit tests and service tests on PGlite. With TEST_DATABASE_URL (CI's second pass) the
// files whose run depends on the database, on PostgreSQL: the others ran the same code already.
let files: string[] = [];
if (process.env.TEST_DATABASE_URL) {
  files = databaseSuites(REPO_ROOT);
  console.log(
    `PostgreSQL: the ${files.length} of ${testFiles(REPO_ROOT).length} test files that reach the database.`,
  );
}
const vitestReport = path.join(reports, "vitest.json");
exitCode ||= run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
  ...files,
]);
try {
  const report = JSON.parse(readFileSync(vitestReport, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numFailedTestSuites ?? 0);
  skipped += report.numPendingTests + report.numTodoTests;
} catch {
  failed += 1;
  exitCode ||= 1;
}

if (!unitOnly) {
  // The app is built once, here (when the sources changed since the last build), outside the e2e
  // server's start timeout; that server and the ones specs start themselves find it fresh.
  const buildStarted = performance.now();
  const buildCode = buildIfStale() ? 0 : 1;
  console.log(`\n[build: ${((performance.now() - buildStarted) / 1000).toFixed(0)} s]`);
  // Playwright: end-to-end in the system Chromium; it fails (never skips) when Chromium is missing.
  const playwrightReport = path.join(reports, "playwright.json");
  const e2eCode =
    buildCode === 0
      ? run("npx", ["playwright", "test", "--reporter=list,json"], {
          PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
        })
      : buildCode;
  exitCode ||= buildCode;
  exitCode ||= e2eCode;
  try {
    const playwright = JSON.parse(readFileSync(playwrightReport, "utf8"));
    printSlowestSpecs(playwright.suites ?? []);
    const stats = playwright.stats;
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
    if (stats.expected + stats.unexpected + stats.flaky === 0) {
      console.error("Playwright ran no test.");
      failed += 1;
      exitCode ||= 1;
    }
  } catch {
    failed += 1;
    exitCode ||= 1;
  }
}

rmSync(reports, { recursive: true, force: true });
if (runDir) rmSync(runDir, { recursive: true, force: true });
if (failed > 0) exitCode ||= 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(exitCode);

/**
 * Decision 0156: every file the tests write (PGlite data directories, the e2e servers' data, PDFs,
 * images, Chromium's profiles) goes to one folder of this run's, removed at its end, so that a run
 * leaves nothing behind. On tmpfs (/dev/shm) when it has room: a 42 MB cluster copies there in
 * 0.1 s, against 1.2 s of kernel time on this machine's disk. A TMPDIR the caller set is kept.
 */
function takeRunTmpdir(): string | undefined {
  if (process.env.TMPDIR) return undefined;
  let base = tmpdir();
  try {
    const shm = statfsSync("/dev/shm");
    if (shm.bavail * shm.bsize >= 4 * 1024 ** 3) base = "/dev/shm";
  } catch {
    // No /dev/shm (macOS, Windows): the system's temporary folder.
  }
  const dir = mkdtempSync(path.join(base, "vitrina-run-"));
  process.env.TMPDIR = dir;
  // Ctrl-C stops the tests (they share the terminal's signal) and then this run: its folder goes too.
  process.once("SIGINT", () => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  });
  return dir;
}

type PlaywrightSuite = {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; tests: { results: { duration: number }[] }[] }[];
};

/** The spec files that took most test time, for whoever makes CI faster (decision 0156). */
function printSlowestSpecs(files: PlaywrightSuite[]): void {
  const seconds = (suite: PlaywrightSuite): number =>
    (suite.specs ?? []).reduce(
      (sum, spec) =>
        sum +
        (spec.tests ?? []).reduce(
          (inner, test) => inner + (test.results ?? []).reduce((t, r) => t + (r.duration ?? 0), 0),
          0,
        ),
      0,
    ) /
      1000 +
    (suite.suites ?? []).reduce((sum, inner) => sum + seconds(inner), 0);
  const slowest = files
    .map((file) => ({ file: file.file ?? "?", seconds: seconds(file) }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 12);
  console.log("\nPlaywright: the spec files with the most test time (seconds, both workers together)");
  for (const { file, seconds: took } of slowest) console.log(`${took.toFixed(0).padStart(6)}  ${file}`);
}
