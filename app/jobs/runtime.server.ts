import { getDb } from "~/db/db.server";
import { getClock } from "~/features/confirmation/clock.server";
import { JOBS } from "./jobs.server";
import { createScheduler, type Scheduler } from "./scheduler.server";

const holder = globalThis as typeof globalThis & { __vitrinaScheduler?: Scheduler };

/** Starts the daily jobs (server/app.ts startup); JOBS=off leaves them to other instances. */
export function startJobs(): void {
  if (holder.__vitrinaScheduler || process.env.JOBS === "off") return;
  holder.__vitrinaScheduler = createScheduler({ db: getDb(), clock: getClock(), jobs: JOBS });
  holder.__vitrinaScheduler.start();
  // An instance that starts after 08:00 or 10:00 catches up at once (both jobs are idempotent).
  void holder.__vitrinaScheduler.runNow("confirmation-reminder");
  void holder.__vitrinaScheduler.runNow("confirmation-missed");
}

export function stopJobs(): void {
  holder.__vitrinaScheduler?.stop();
  holder.__vitrinaScheduler = undefined;
}
