import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { assertChromium, CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/chromium";
import {
  E2E_BASE_URL,
  E2E_DNS_PORT,
  E2E_PORT,
  FAKE_GOOGLE_PORT,
  FAKE_GOOGLE_URL,
} from "./tests/support/e2e-env";
import { FAKE_GOOGLE_CLIENT_ID, FAKE_GOOGLE_CLIENT_SECRET } from "./tests/support/fake-google";

// End-to-end suite (STYLE.md "Tests"): the real server, built and started by Playwright on a fixed
// port with an empty database, driven by Debian's Chromium. A missing Chromium fails the run.
assertChromium();

// Playwright loads this file in the runner and again in each worker; the runner creates the data
// directory once and the workers inherit it through the environment.
const isRunner = !process.env.TEST_WORKER_INDEX;
if (!process.env.VITRINA_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-e2e-"));
  process.env.VITRINA_E2E_DATA_DIR = dataDir;
  // The migrated cluster that the specs' own servers copy (tests/support/migrated-cluster.ts).
  const clusterTemplate = `${dataDir}-migrated-cluster`;
  process.env.VITRINA_E2E_CLUSTER_TEMPLATE = clusterTemplate;
  // The server is stopped (SIGTERM, database closed) before the runner exits.
  if (isRunner) {
    process.on("exit", () => {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(clusterTemplate, { recursive: true, force: true });
    });
  }
}
const dataDir = process.env.VITRINA_E2E_DATA_DIR;

/** Specs that change the running build's files (its id, its chunks), which every worker's pages use. */
const BUILD_CHANGING_SPECS = /app-shell\.spec\.ts$/;
/**
 * Specs that start servers of their own and run serially for minutes (billing alone about 2). They
 * use Playwright's own `test`, not the suite's fixtures, so a worker of the other specs cannot take
 * them, and Playwright ran them last, the longest alone at the end. A project of their own, listed
 * first, starts them first.
 */
const OWN_SERVER_SPECS = /(billing|compliance|demo-morning|import-kill)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  // Two workers on 2 cores (decision 0138): a test spends most of its time waiting on the server, the
  // browser or a clock server's start, so one worker left a core idle (4 specs used 100 s of CPU in
  // 212 s; the whole suite took 2,374 s on one worker, 1,259 s on two). Each worker has its own accounts and visitor addresses, and the specs
  // that start servers of their own use ports of their own, so files never share state. A file's
  // tests stay in order on one worker. E2E_WORKERS=1 gives the old order for a debugging run.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  // A slower machine (a loaded one, for a trial run) may raise both timeouts without editing this file.
  expect: { timeout: Number(process.env.E2E_EXPECT_TIMEOUT ?? 7_000) },
  reporter: [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    // Users are in Skopje, the server in UTC: a page rendered differently on each side fails.
    timezoneId: "Europe/Skopje",
    // Snapshots without the screencast: enough to debug, cheap enough for 2 cores.
    trace: { mode: "retain-on-failure", snapshots: true, screenshots: false, sources: true },
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: "own-servers",
      use: { browserName: "chromium" },
      testMatch: OWN_SERVER_SPECS,
    },
    {
      name: "chromium",
      use: { browserName: "chromium" },
      testIgnore: [BUILD_CHANGING_SPECS, OWN_SERVER_SPECS],
    },
    // The app-shell spec stands in for a deploy: it rewrites the running build's id and hides its
    // chunks. With two workers, another worker's open dashboard would see that build change under it
    // and reload. So that spec runs after every other one, alone (decision 0138). To run it by itself:
    // `npx playwright test --no-deps tests/e2e/app-shell.spec.ts`.
    {
      name: "build-changing",
      use: { browserName: "chromium" },
      testMatch: BUILD_CHANGING_SPECS,
      // The specs' own servers serve the same build/ folder too.
      dependencies: ["own-servers", "chromium"],
    },
  ],
  webServer: [
    {
      // Google sign-in against a local fake of Google's endpoints (issue 3).
      command: `npx tsx tests/support/fake-google.ts ${FAKE_GOOGLE_PORT}`,
      url: `${FAKE_GOOGLE_URL}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
    },
    {
      command: "npx tsx server/start.ts",
      url: `${E2E_BASE_URL}/`,
      reuseExistingServer: false,
      // `npm test` builds the app before; `npx playwright test` alone builds it at this start.
      timeout: 180_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(E2E_PORT),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        ROOT_DOMAIN: "localhost",
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        // The fixtures give each test's visitors their own forwarded address (visitorAddress()).
        TRUST_PROXY: "loopback",
        GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID,
        GOOGLE_CLIENT_SECRET: FAKE_GOOGLE_CLIENT_SECRET,
        GOOGLE_OAUTH_BASE_URL: FAKE_GOOGLE_URL,
        // Custom domains (decision 0133): tests/e2e/custom-domains.spec.ts answers on this port.
        DNS_SERVERS: `127.0.0.1:${E2E_DNS_PORT}`,
      },
    },
  ],
});
