import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { childBundleForThisFile } from "../../tests/support/child-bundle";
import { type CrashTarget, crashDatabases } from "../../tests/support/crash-databases";
import { observe, SCENARIOS, type Scenario, type Seed } from "../../tests/support/crash-scenarios";

// Decision 0081: kill -9 during each multi-row write (import, bulk price change, bulk
// delete, promotion assignment, the day-end archive, the 10:00 missed-day job) leaves all of it or
// none of it, on PGlite and on PostgreSQL (the CI runs this file against both). The write path runs
// in a child process that is frozen right before its Nth statement and then killed with SIGKILL, at
// the middle of it and right before its last statement (for PostgreSQL the COMMIT).
// The jobs are then started again on the killed database, as a restarted server would, and must
// complete exactly once. Only a kill needs a process of its own: the complete run that counts the
// statements and the restarts run in the test's process, on the same files (a child's start is
// about 2 s of CPU, which is most of this file's time).

// Bundled once for the file: each of the 14 children starts as plain node (decision 0123).
const crashChild = childBundleForThisFile("tests/support/crash-child.ts");
const seedDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-crash-seed-"));
afterAll(() => rmSync(seedDir, { recursive: true, force: true }));

type Outcome = { stopped: boolean; statements: number };
type Observed = Record<string, Record<string, unknown>[]>;

/** Runs a scenario's write path in a child that is killed right before its stopAt-th statement. */
function runChild(name: string, seedFile: string, target: CrashTarget, stopAt: number): Promise<Outcome> {
  const child = spawn(process.execPath, [crashChild(), name, String(stopAt), seedFile], {
    env: { ...process.env, ...target.env, LOG_LEVEL: process.env.CRASH_DEBUG ? "warn" : "error" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let errors = "";
  child.stderr.on("data", (chunk) => {
    errors += chunk;
  });
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (output.includes("stopped\n")) child.kill("SIGKILL");
    });
    child.once("exit", (code, signal) => {
      if (process.env.CRASH_DEBUG) console.log(output, errors);
      if (signal === "SIGKILL") return resolve({ stopped: true, statements: stopAt });
      const finished = /finished (\d+)/.exec(output);
      if (code === 0 && finished) return resolve({ stopped: false, statements: Number(finished[1]) });
      reject(new Error(`${name} child ended with ${code ?? signal}:\n${output}\n${errors}`));
    });
  });
}

/** A complete run in this process: what it did, and how many statements its write took. */
async function runHere(scenario: Scenario, target: CrashTarget, seed: Seed) {
  let armed = false;
  let statements = 0;
  const database = await target.open({
    logQuery() {
      if (armed) statements++;
    },
  });
  try {
    const before = await observe(database.db, seed);
    await scenario.run(database.db, seed, () => {
      armed = true;
    });
    armed = false;
    return { before, all: await observe(database.db, seed), statements };
  } finally {
    await database.close();
  }
}

/** The killed database as a restarted server finds it: opened (PGlite recovers its files), observed. */
async function afterTheKill(scenario: Scenario, target: CrashTarget, seed: Seed, restarts: number) {
  const database = await target.open();
  try {
    const killed = await observe(database.db, seed);
    const restarted: Observed[] = [];
    for (let i = 0; i < restarts; i++) {
      if (scenario.restart) await scenario.restart(database.db, seed);
      else await scenario.run(database.db, seed, () => {});
      restarted.push(await observe(database.db, seed));
    }
    return { killed, restarted };
  } finally {
    await database.close();
  }
}

/** What a complete run of each path must have done (beyond "something changed"). */
const COMPLETE: Record<string, (after: Observed) => void> = {
  "bulk price change": (after) => {
    expect(after.priceHistory).toHaveLength(400);
    expect(after.activity).toContainEqual({ type: "price_updated", entries: 400 });
  },
  "bulk delete": (after) => {
    expect(after.products).toEqual([]);
    expect(after.activity).toContainEqual({ type: "products_bulk_deleted", entries: 1 });
  },
  "promotion assignment": (after) => {
    const weekend = after.promotions!.filter((row) => row.name === "Викенд");
    expect(weekend).toHaveLength(300);
  },
  import: (after) => {
    expect(after.products).toHaveLength(1_000);
    expect(after.categories).toHaveLength(3);
    expect(after.activity).toContainEqual({ type: "products_imported", entries: 1 });
  },
  "day-end archive job": (after) => {
    expect(after.snapshots).toHaveLength(25);
    expect(after.snapshots!.every((row) => row.kind === "day_end")).toBe(true);
  },
  "day-end archive job, restarted after midnight": (after) => {
    expect(after.snapshots).toHaveLength(25);
  },
  "10:00 missed-day job": (after) => {
    expect(after.confirmations).toHaveLength(25);
    expect(after.confirmations!.every((row) => row.status === "missed")).toBe(true);
  },
};

const engine = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";

describe(`kill -9 during a multi-row write (${engine})`, () => {
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    it(`${name}: all of it or none of it${scenario.job ? ", and a restart completes it exactly once" : ""}`, async () => {
      const databases = crashDatabases();
      try {
        const pristine = await databases.pristine();
        const seed = await scenario.prepare(pristine);
        await pristine.close();
        const seedFile = path.join(seedDir, `${name.replace(/\W+/g, "-")}.json`);
        writeFileSync(seedFile, JSON.stringify(seed));

        // A complete run on a copy: how many statements the path takes, and what "all of it" is.
        const full = await databases.copy();
        const { before, all, statements } = await runHere(scenario, full, seed);
        if (process.env.CRASH_DEBUG) console.log(name, "statements", statements, new Date().toISOString());
        expect(all).not.toEqual(before);
        COMPLETE[name]!(all);
        await full.drop();

        // Two kills: inside the write, and right before its last statement (on PostgreSQL the
        // COMMIT). A third at the second statement found nothing the middle one did not, and each
        // kill is a child start and a database copy (decision 0138).
        const stops = [...new Set([Math.ceil(statements / 2), statements])].filter(
          (stop) => stop >= 1 && stop <= statements,
        );
        const nothing: number[] = [];
        for (const stopAt of stops) {
          const copy = await databases.copy();
          const outcome = await runChild(name, seedFile, copy, stopAt);
          expect(outcome.stopped).toBe(true);
          // A job is started again: once, and after the last kill twice (a further run adds nothing).
          const restarts = scenario.job ? (stopAt === statements ? 2 : 1) : 0;
          const { killed, restarted } = await afterTheKill(scenario, copy, seed, restarts);
          const none = isDeepStrictEqual(killed, before);
          // Whole or absent, never a part.
          if (!none) expect(killed).toEqual(all);
          else nothing.push(stopAt);
          if (process.env.CRASH_DEBUG)
            console.log(name, stopAt, none ? "none" : "all", new Date().toISOString());
          // The restarted server's run finishes the day's work, exactly once.
          for (const after of restarted) expect(after).toEqual(all);
          await copy.drop();
        }
        // The kills landed inside the write, not only before or after it.
        expect(nothing.filter((stop) => stop > 1).length).toBeGreaterThan(0);
      } finally {
        await databases.dispose();
      }
    }, 600_000);
  }
});
