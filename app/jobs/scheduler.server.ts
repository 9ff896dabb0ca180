import { Cron } from "croner";
import { sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "~/db/client.server";
import type { Clock } from "~/lib/clock.server";
import { STORE_TIME_ZONE } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { getMetrics } from "~/lib/metrics.server";

// In-process scheduler (ARCHITECTURE.md "jobs"): every app instance runs the same crons; a run
// takes a transaction-scoped PostgreSQL advisory lock, so when N instances fire at once exactly one
// does the work and the others skip. Jobs are also idempotent (job_run rows, unique indexes), so a
// run that starts after another finished changes nothing.

/** db is the transaction that holds the job's lock (PGlite has one connection: nothing else may be used). */
export type JobContext = { db: Queryable; now: Date };

export type Job = {
  name: string;
  /** Cron pattern in Europe/Skopje wall-clock time. */
  pattern: string;
  run: (job: JobContext) => Promise<unknown>;
  /**
   * A batched job's run handles one bounded batch and returns how many rows it handled; the
   * scheduler repeats it, each batch in its own short transaction under the lock, until a batch
   * handles none. A long delete then never holds one transaction open (retention.server.ts).
   */
  batched?: boolean;
};

/** Upper bound on a batched job's batches per run, so a job that never reaches 0 still ends. */
const MAX_BATCHES = 10_000;

export type Scheduler = {
  start: () => void;
  stop: () => void;
  /** Every job's cron is scheduled (for /readyz, decision 0045). */
  alive: () => boolean;
  /** Runs a job now under its lock; false when another instance holds it. */
  runNow: (name: string) => Promise<boolean>;
};

/** Stable 32-bit key of a job name, for pg_try_advisory_xact_lock(int, int). */
function lockKey(name: string): number {
  let hash = 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

// First argument of the two-key advisory lock: Vitrina's job namespace ("VJOB").
const LOCK_NAMESPACE = 0x564a4f42;

export async function withJobLock<T>(db: Db, name: string, work: (tx: Tx) => Promise<T>): Promise<T | null> {
  return db.transaction(async (tx) => {
    // node-postgres and PGlite both answer execute() with { rows }.
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, ${lockKey(name)}) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!result.rows[0]?.locked) return null;
    return work(tx);
  });
}

export function createScheduler(options: { db: Db; clock: Clock; jobs: Job[] }): Scheduler {
  const crons: Cron[] = [];
  const byName = new Map(options.jobs.map((job) => [job.name, job]));
  const metrics = getMetrics();

  async function runNow(name: string): Promise<boolean> {
    const job = byName.get(name);
    if (!job) throw new Error(`Unknown job ${name}`);
    const started = performance.now();
    try {
      // The lock is held for the whole run (for a batched job: each batch), and the job writes in
      // the same transaction. A job catches per-store failures itself, so one bad store never rolls
      // back the others' records.
      const now = options.clock.now();
      let ran = false;
      for (let batch = 0; batch < (job.batched ? MAX_BATCHES : 1); batch++) {
        const result = await withJobLock(options.db, job.name, async (tx) => ({
          handled: await job.run({ db: tx, now }),
        }));
        // null: another instance holds the lock and carries on with the work.
        if (result === null) break;
        ran = true;
        if (!job.batched || !(Number(result.handled) > 0)) break;
      }
      const seconds = (performance.now() - started) / 1000;
      logger.info({ job: name, ran, ms: Math.round(seconds * 1000) }, "job");
      metrics.jobRuns.inc({ job: name, outcome: ran ? "ran" : "skipped" });
      if (ran) metrics.jobSeconds.observe({ job: name }, seconds);
      return ran;
    } catch (error) {
      logger.error({ err: error, job: name }, "job failed");
      metrics.jobRuns.inc({ job: name, outcome: "failed" });
      return false;
    }
  }

  return {
    runNow,
    alive: () => crons.length === options.jobs.length && crons.every((cron) => cron.isRunning()),
    start() {
      for (const job of options.jobs) {
        crons.push(
          new Cron(job.pattern, { timezone: STORE_TIME_ZONE, protect: true, name: job.name }, async () => {
            await runNow(job.name);
          }),
        );
      }
    },
    stop() {
      for (const cron of crons.splice(0)) cron.stop();
    },
  };
}
