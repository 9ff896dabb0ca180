import { getDb } from "~/db/db.server";
import { getClock } from "~/lib/clock.server";
import { DAY_END_CATCH_UP_JOB, JOBS } from "./jobs.server";
import { createScheduler, type Scheduler } from "./scheduler.server";

const holder = globalThis as typeof globalThis & { __vitrinaScheduler?: Scheduler };

/**
 * Starts the daily jobs (server/app.ts startup); JOBS=off leaves them to other instances.
 * DEMO_SELF_CONFIRM=off keeps the demo store from confirming itself (tests that play its owner).
 */
export function startJobs(): void {
  if (holder.__vitrinaScheduler || process.env.JOBS === "off") return;
  const demoConfirms = process.env.DEMO_SELF_CONFIRM !== "off";
  const jobs = demoConfirms ? JOBS : JOBS.filter((job) => job.name !== "demo-morning");
  const scheduler = createScheduler({ db: getDb(), clock: getClock(), jobs });
  holder.__vitrinaScheduler = scheduler;
  scheduler.start();
  // An instance that starts late catches up at once (every job is idempotent). Yesterday's end goes
  // first, before a confirmation changes a list; the demo next, so a start after 10:00 finds its
  // morning confirmed rather than recorded as missed.
  void (async () => {
    await scheduler.runNow(DAY_END_CATCH_UP_JOB);
    if (demoConfirms) await scheduler.runNow("demo-morning");
    await scheduler.runNow("confirmation-reminder");
    await scheduler.runNow("confirmation-missed");
    await scheduler.runNow("billing-expiry");
  })();
}

/** /readyz (decision 0045): the scheduler runs, or this instance was told to leave the jobs to others. */
export function jobsAlive(): boolean {
  if (process.env.JOBS === "off") return true;
  return holder.__vitrinaScheduler?.alive() ?? false;
}

export function stopJobs(): void {
  holder.__vitrinaScheduler?.stop();
  holder.__vitrinaScheduler = undefined;
}
