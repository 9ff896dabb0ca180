import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { withMigratedCluster } from "./migrated-cluster";

// A server of its own beside the suite's webServer, on an injected clock (VITRINA_NOW, never the
// real date) and an empty data directory (the run's migrated cluster copied in), so its demo store is
// seeded on that clock's day.

const ROOT = path.resolve(import.meta.dirname, "../..");

export type ClockServer = {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** What the server has written to stdout and stderr so far. */
  output: () => string;
};

export async function startClockServer(
  now: string,
  port: number,
  env: Record<string, string> = {},
  /** Start on an earlier server's data directory (the same store, days later on the clock). */
  options: { dataDir?: string } = {},
): Promise<ClockServer> {
  const url = `http://localhost:${port}`;
  // Another server on the port would answer for ours and fail the test in a confusing way.
  const taken = await fetch(`${url}/robots.txt`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use`);
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "vitrina-e2e-clock-"));
  await withMigratedCluster(dataDir);
  // Node itself, not npx: one process fewer to start, and its exit is the server's.
  const child = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      VITRINA_NOW: now,
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${url}/robots.txt`)).ok)
        return { url, dataDir, process: child, output: () => output };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server did not start:\n${output}`);
}

export function stopClockServer(server: ClockServer | undefined) {
  if (server?.process.pid) process.kill(-server.process.pid, "SIGTERM");
}

/** Stops the server and waits until it has exited (its database closed), so another may open it. */
export async function stopClockServerAndWait(server: ClockServer): Promise<void> {
  // Ended already: an exit code, or the signal that ended it.
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  stopClockServer(server);
  await exited;
  // The server has let its port go once it exited; the next server on this port starts only once
  // nothing answers there.
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const answered = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
      () => true,
      () => false,
    );
    if (!answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${server.url} still answers 15 s after it was told to stop`);
}

export function demoPassword(server: ClockServer): string {
  return /password: (\S+)/.exec(readFileSync(path.join(server.dataDir, "demo-credentials.txt"), "utf8"))![1]!;
}

/** Signs in as the demo store's owner (the page's language decides the labels: English here). */
export async function signInAsDemo(page: Page, server: ClockServer) {
  await page.goto(`${server.url}/auth/login`);
  await page.getByLabel("E-mail").fill("demo@vitrina.mk");
  await page.getByLabel("Password").fill(demoPassword(server));
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/dashboard\/products/);
}
