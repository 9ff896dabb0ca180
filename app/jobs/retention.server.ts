import { and, inArray, lt, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Queryable } from "~/db/client.server";
import { rateLimit, session, verification } from "~/db/schema/auth";
import { jobRun, priceSnapshot } from "~/db/schema/compliance";
import { pointOfSaleSnapshot } from "~/db/schema/points-of-sale";
import { priceSeal } from "~/db/schema/seals";
import { usernameRedirect } from "~/db/schema/stores";
import { purgeExpiredAnswers } from "~/features/api/api-idempotency.server";
import { SNAPSHOT_RETENTION_DAYS } from "~/features/feeds/snapshot.server";
import { addDays, skopjeDay } from "~/lib/calendar";

// The daily retention job (docs/decisions/0010-snapshot-retention.md). It deletes only what a
// rule allows: dated price-list snapshots past SNAPSHOT_RETENTION_DAYS (the promise is 400 days),
// and rows that mean nothing once expired. Reports, activity, price history and the audit log have
// no retention rule in PRODUCT.md and are never deleted here.

/** Rows deleted per table and batch: a snapshot row carries a whole price list, so keep it small. */
export const RETENTION_BATCH = 200;

/** Expired rows are kept one more day, so instances whose clocks differ a little agree. */
const EXPIRED_GRACE_MS = 24 * 60 * 60 * 1000;

/** Day-keyed job runs ("YYYY-MM-DD:…" keys) are idempotency markers that no later run consults. */
const DAY_KEYED_JOBS = ["confirmation-reminder", "promotion-boundaries"];
const JOB_RUN_DAYS = 30;

/** The oldest Skopje day whose snapshots are kept at `now`. */
export function oldestKeptSnapshotDay(now: Date): string {
  return addDays(skopjeDay(now), -SNAPSHOT_RETENTION_DAYS);
}

/** Deletes at most `limit` rows of `table` matching `where` (`id` picks them); returns how many. */
async function deleteBatch(
  db: Queryable,
  table: PgTable,
  id: PgColumn,
  where: SQL,
  limit: number,
): Promise<number> {
  const oldest = db.select({ id }).from(table).where(where).limit(limit);
  const rows = await db
    .delete(table)
    .where(and(inArray(id, oldest), where))
    .returning({ id });
  return rows.length;
}

/**
 * One batch: deletes at most `batchSize` rows of each kind that the retention rules allow and
 * returns how many it deleted; the scheduler repeats it until 0 (a `batched` job).
 */
export async function pruneExpiredRows(
  db: Queryable,
  now: Date,
  batchSize = RETENTION_BATCH,
): Promise<number> {
  const expired = new Date(now.getTime() - EXPIRED_GRACE_MS);
  const rules: [PgTable, PgColumn, SQL | undefined][] = [
    [priceSnapshot, priceSnapshot.id, lt(priceSnapshot.day, oldestKeptSnapshotDay(now))],
    // The points of sale's lists, kept as long as the store's.
    [pointOfSaleSnapshot, pointOfSaleSnapshot.id, lt(pointOfSaleSnapshot.day, oldestKeptSnapshotDay(now))],
    // Decision 0132: a day's seals (which hold the very bytes the archive answers) go with its
    // snapshots, on the same day: never sooner, and no seal outlives the day it seals in the archive
    // (the day-end catch-up seals only days after a chain's last seal, so none is sealed again).
    [priceSeal, priceSeal.id, lt(priceSeal.day, oldestKeptSnapshotDay(now))],
    // better-auth's per-IP limiter: a row only counts within its window (at most minutes).
    [rateLimit, rateLimit.id, lt(rateLimit.lastRequest, expired.getTime())],
    [session, session.id, lt(session.expiresAt, expired)],
    [verification, verification.id, lt(verification.expiresAt, expired)],
    // An expired redirect no longer answers and no longer reserves the old name (store.server.ts).
    [usernameRedirect, usernameRedirect.oldUsername, lt(usernameRedirect.expiresAt, expired)],
    // "2026-01-01:<store>" < "2026-01-02": the key's day prefix compares as a string.
    [
      jobRun,
      jobRun.runKey,
      and(inArray(jobRun.name, DAY_KEYED_JOBS), lt(jobRun.runKey, addDays(skopjeDay(now), -JOB_RUN_DAYS))),
    ],
  ];
  let deleted = 0;
  // One after another: PGlite runs one statement at a time, and a transaction is one connection.
  for (const [table, id, where] of rules) deleted += await deleteBatch(db, table, id, where!, batchSize);
  // The API's stored answers past their 24 hours (keyed by store and key, so deleted by their owner).
  deleted += await purgeExpiredAnswers(db, now, batchSize);
  return deleted;
}
