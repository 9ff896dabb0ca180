import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts", "scripts/**/*.test.ts"],
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
  },
});
