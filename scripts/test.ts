// `npm test`: every test — unit and service tests (Vitest), then end-to-end tests in Chromium
// (Playwright) — closing with one line "N passed, N failed" for whoever reads the log.
//   --unit   only the Vitest suites (CI runs them again against PostgreSQL with TEST_DATABASE_URL)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const unitOnly = process.argv.includes("--unit");
const reports = mkdtempSync(path.join(tmpdir(), "vitrina-test-"));
let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;

function run(command: string, args: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

// Vitest: unit tests and service tests on PGlite (or PostgreSQL when TEST_DATABASE_URL is set).
const vitestReport = path.join(reports, "vitest.json");
exitCode ||= run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
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
  // Playwright: end-to-end in the system Chromium; it fails (never skips) when Chromium is missing.
  const playwrightReport = path.join(reports, "playwright.json");
  exitCode ||= 0;
  const e2eCode = run("npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  exitCode ||= e2eCode;
  try {
    const stats = JSON.parse(readFileSync(playwrightReport, "utf8")).stats;
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
if (failed > 0) exitCode ||= 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(exitCode);
