import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { productCsv } from "../../app/features/import/fixtures.test-support";
import { E2E_PORT } from "../support/e2e-env";
import { importState, signInDemo, startImport, uploadImport } from "../support/import-http";
import { withMigratedCluster } from "../support/migrated-cluster";

// Decision 0034: kill -9 the server in the middle of a 20,000-row import's commit, restart it, and the
// catalogue is exactly as before (one transaction), the import marked failed with its reason.

const ROOT = path.resolve(import.meta.dirname, "../..");
const PORT = E2E_PORT + 2;
const URL = `http://localhost:${PORT}`;

type Server = { process: ChildProcess; output: () => string };

async function start(dataDir: string): Promise<Server> {
  await withMigratedCluster(dataDir);
  const child = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      JOBS: "off",
      ROOT_DOMAIN: "localhost",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  for (let i = 0; i < 360; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${URL}/robots.txt`)).ok) return { process: child, output: () => output };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server did not start:\n${output}`);
}

async function stop(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGTERM");
  await exited;
}

function snapshot(dataDir: string) {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "tests/support/import-snapshot.ts", dataDir],
    {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "error" },
    },
  );
  return JSON.parse(String(out)) as {
    products: number;
    catalogue: string;
    jobs: { id: string; status: string; error: string | null }[];
  };
}

test("kill -9 mid-commit of a 20,000-row import leaves the catalogue exactly as before", async () => {
  test.setTimeout(600_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-import-kill-"));
  let server: Server | undefined;
  try {
    // The upload (a draft), then a clean stop to read the catalogue as it is before the import.
    server = await start(dataDir);
    let session = await signInDemo(URL, dataDir);
    const jobId = await uploadImport(session, "kill.csv", productCsv(20_000, "Убиен"));
    await stop(server);
    const before = snapshot(dataDir);
    expect(before.products).toBeGreaterThan(0);
    expect(before.jobs).toEqual([{ id: jobId, status: "draft", error: null }]);

    server = await start(dataDir);
    session = await signInDemo(URL, dataDir);
    await startImport(session, jobId);
    await expect
      .poll(() => server!.output(), { timeout: 120_000, intervals: [50] })
      .toContain("import commit started");
    // Into the transaction's writes, then the hard kill: no shutdown code runs.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(server.output()).not.toContain("import committed");
    const killed = new Promise((resolve) => server!.process.once("exit", resolve));
    server.process.kill("SIGKILL");
    await killed;

    // Restart: PGlite recovers, the interrupted import is failed, and the owner is told why.
    server = await start(dataDir);
    session = await signInDemo(URL, dataDir);
    const state = await importState(session, jobId);
    expect(state.status).toBe("failed");
    expect(state.status === "failed" && state.page).toContain(
      "The server stopped in the middle of the import.",
    );
    await stop(server);
    server = undefined;

    const after = snapshot(dataDir);
    expect(after.catalogue).toBe(before.catalogue);
    expect(after.products).toBe(before.products);
    expect(after.jobs).toEqual([{ id: jobId, status: "failed", error: "import:failure.interrupted" }]);
  } finally {
    if (server) await stop(server).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
});
