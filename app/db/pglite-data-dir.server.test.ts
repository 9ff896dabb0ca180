import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { childBundleForThisFile } from "../../tests/support/child-bundle";
import { openDatabase } from "./client.server";
import { DataDirInUseError } from "./pglite-data-dir.server";

// Decision 0109: a kill -9 at any moment leaves a PGlite folder that opens, and a second
// process on the folder is refused instead of losing the first one's commits.

// Bundled once for the file, so that each child starts as plain node (decision 0123).
const openChild = childBundleForThisFile("tests/support/pglite-open-child.ts");
const KILL_HOOK = path.resolve("tests/support/kill-after-pg-version.cjs");
const root = mkdtempSync(path.join(os.tmpdir(), "vitrina-data-dir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Child = { process: ChildProcess; output: () => string; exited: Promise<NodeJS.Signals | number | null> };

function startChild(args: string[], env: Record<string, string> = {}, preload: string[] = []): Child {
  const child = spawn(process.execPath, [...preload, openChild(), ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => {
    output += chunk;
    child.emit("line");
  });
  child.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ?? code)),
  );
  return { process: child, output: () => output, exited };
}

function waitFor(child: Child, test: (output: string) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (test(child.output())) resolve();
    };
    child.process.on("line", check);
    child.exited.then(() => reject(new Error(`child stopped: ${child.output()}`)));
    check();
  });
}

const committedBatches = (output: string) =>
  [...output.matchAll(/^committed (\d+)$/gm)].map((m) => Number(m[1]));

describe.skipIf(process.env.TEST_DATABASE_URL)("a PGlite data directory", () => {
  // PGlite unpacks initdb's files with PG_VERSION before postgresql.conf and pg_hba.conf: a first
  // start killed in between left a folder that said "database" and never opened again.
  it.each([1, 10])(
    "opens after its first start was killed at the %i-th file after PG_VERSION",
    async (killAfter) => {
      const dataDir = path.join(root, `first-start-${killAfter}`);
      const killed = startChild([dataDir], { KILL_AFTER_FILES: String(killAfter) }, ["-r", KILL_HOOK]);
      expect(await killed.exited).toBe("SIGKILL");

      const database = await openDatabase({ url: null, dataDir });
      try {
        const { rows } = (await database.db.execute(
          sql`select count(*)::int as tables from pg_class`,
        )) as unknown as {
          rows: { tables: number }[];
        };
        expect(rows[0]!.tables).toBeGreaterThan(100);
      } finally {
        await database.close();
      }
    },
    120_000,
  );

  it("refuses a second process while the first one writes, and keeps every batch the first one committed", async () => {
    const dataDir = path.join(root, "two-processes");
    const writer = startChild([dataDir, "write"]);
    await waitFor(writer, (output) => committedBatches(output).length >= 3);

    // Before the lock, this open ran crash recovery and a checkpoint under the writer; the writer's
    // later commits were gone after the next restart.
    await expect(openDatabase({ url: null, dataDir })).rejects.toThrow(DataDirInUseError);
    await expect(openDatabase({ url: null, dataDir })).rejects.toThrow(/is in use by process \d+/);
    const seen = committedBatches(writer.output()).length;
    await waitFor(writer, (output) => committedBatches(output).length >= seen + 3);
    writer.process.kill("SIGKILL");
    await writer.exited;

    // kill -9 left the lock behind: its process is gone, so the next start takes it over.
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
    const database = await openDatabase({ url: null, dataDir });
    try {
      const { rows } = (await database.db.execute(
        sql`select batch, count(*)::int as n from crash_probe group by batch order by batch`,
      )) as unknown as { rows: { batch: number; n: number }[] };
      const found = new Map(rows.map((row) => [row.batch, row.n]));
      for (const batch of committedBatches(writer.output()))
        expect({ batch, rows: found.get(batch) }).toEqual({ batch, rows: 20 });
    } finally {
      await database.close();
    }
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  }, 120_000);

  it.skipIf(process.platform !== "linux")(
    "takes over a lock whose pid now belongs to another, unrelated process",
    async () => {
      const dataDir = path.join(root, "reused-pid");
      // The pid of a live process (this one's parent), but not the process that wrote the lock.
      writeFileSync(`${dataDir}.lock`, `${process.ppid} 00000000-0000-0000-0000-000000000000 1`);
      const database = await openDatabase({ url: null, dataDir });
      await database.close();
      expect(existsSync(`${dataDir}.lock`)).toBe(false);
    },
    60_000,
  );

  it("says what to do with a folder an earlier version left half-created", async () => {
    const dataDir = path.join(root, "half-created");
    const database = await openDatabase({ url: null, dataDir });
    await database.close();
    rmSync(path.join(dataDir, "postgresql.conf"));
    await expect(openDatabase({ url: null, dataDir })).rejects.toThrow(
      /is incomplete \(postgresql\.conf missing\).*Move it away/,
    );
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  }, 60_000);
});
