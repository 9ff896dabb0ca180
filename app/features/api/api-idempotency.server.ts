import { createHash } from "node:crypto";
import { and, count, eq, lt, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "~/db/client.server";
import { apiIdempotency } from "~/db/schema/api-tokens";
import { ApiProblem } from "./problem";

// Idempotency-Key on writes (decision 0071). The key is claimed by inserting its row in
// the SAME transaction as the write: a second request with the key waits on that row's unique
// index until the first commits, then reads its stored answer — so parallel retries write once.
// A write that fails rolls its claim back with it, and the key can be used again.

/** How long an answer is kept for its key; older ones are purged by the daily retention job. */
export const IDEMPOTENCY_HOURS = 24;
/**
 * Answers kept per store (decision 0119): a client that sends a new key with every write cannot
 * grow the table without bound between two nightly purges; the oldest answers go first.
 */
export const IDEMPOTENCY_KEYS_PER_STORE = 10_000;
const KEY = /^[\x21-\x7e]{1,255}$/;

export function isIdempotencyKey(key: string): boolean {
  return KEY.test(key);
}

export function requestHashOf(method: string, path: string, body: string): string {
  return createHash("sha256").update(`${method} ${path}\n${body}`).digest("hex");
}

/** An answer with its body as JSON text. */
export type StoredAnswer = { status: number; body: string; replayed: boolean };

export async function withIdempotency(
  db: Db,
  claim: { storeId: string; key: string; requestHash: string },
  work: (tx: Tx) => Promise<{ status: number; body: unknown }>,
  keep = IDEMPOTENCY_KEYS_PER_STORE,
): Promise<StoredAnswer> {
  const { storeId, key, requestHash } = claim;
  return db.transaction(async (tx) => {
    const mine = and(eq(apiIdempotency.storeId, storeId), eq(apiIdempotency.key, key));
    const expired = new Date(Date.now() - IDEMPOTENCY_HOURS * 3600_000);
    await tx.delete(apiIdempotency).where(and(mine, lt(apiIdempotency.createdAt, expired)));
    const claimed = await tx
      .insert(apiIdempotency)
      .values({ storeId, key, requestHash, status: 0, body: "" })
      .onConflictDoNothing()
      .returning({ key: apiIdempotency.key });
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(apiIdempotency).where(mine);
      if (!stored || stored.requestHash !== requestHash) throw new ApiProblem("idempotency-key-reused");
      return { status: stored.status, body: stored.body, replayed: true };
    }
    await dropOldestBeyond(tx, storeId, keep);
    const answer = await work(tx);
    const body = JSON.stringify(answer.body);
    await tx.update(apiIdempotency).set({ status: answer.status, body }).where(mine);
    return { status: answer.status, body, replayed: false };
  });
}

/** Keeps the store's `keep` newest answers (the claim just made among them). */
async function dropOldestBeyond(tx: Tx, storeId: string, keep: number): Promise<void> {
  // Counted first (the primary key's index): the sort below runs only when a store is over.
  const [row] = await tx
    .select({ n: count() })
    .from(apiIdempotency)
    .where(eq(apiIdempotency.storeId, storeId));
  if ((row?.n ?? 0) <= keep) return;
  await tx.execute(sql`
    delete from ${apiIdempotency}
    where ${apiIdempotency.storeId} = ${storeId} and ${apiIdempotency.key} in (
      select ${apiIdempotency.key} from ${apiIdempotency}
      where ${apiIdempotency.storeId} = ${storeId}
      order by ${apiIdempotency.createdAt} desc, ${apiIdempotency.key} desc
      offset ${keep}
    )`);
}

/**
 * The daily retention job's part (app/jobs/retention.server.ts): deletes at most `limit` answers
 * older than IDEMPOTENCY_HOURS, whose key would be accepted as new anyway; returns how many.
 */
export async function purgeExpiredAnswers(db: Queryable, now: Date, limit: number): Promise<number> {
  const expired = new Date(now.getTime() - IDEMPOTENCY_HOURS * 3600_000);
  const rows = await db
    .delete(apiIdempotency)
    .where(
      and(
        lt(apiIdempotency.createdAt, expired),
        sql`(${apiIdempotency.storeId}, ${apiIdempotency.key}) in (
          select ${apiIdempotency.storeId}, ${apiIdempotency.key} from ${apiIdempotency}
          where ${apiIdempotency.createdAt} < ${expired} limit ${limit})`,
      ),
    )
    .returning({ key: apiIdempotency.key });
  return rows.length;
}
