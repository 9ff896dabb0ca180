import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { testIsolation } from "./tests/support/test-isolation.ts";

// Decision 0146: most files share their fork's modules; the few that replace modules or change
// what the app reads once run isolated.
const { isolated, shared } = testIsolation(import.meta.dirname);

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    // Fails a test that logs an unexpected console.error (STYLE.md "Tests").
    setupFiles: ["tests/support/console-guard.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one fork fewer than the cores: on CI's 2 cores, one file at a time while
    // the other core waited. Each file has its own database (or its own rows on PostgreSQL), so two
    // run side by side (decision 0123).
    // VITEST_MAX_WORKERS: fewer forks for a trial run beside other work (decision 0138).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: "shared", include: shared, isolate: false } },
      { extends: true, test: { name: "isolated", include: isolated } },
    ],
  },
});
