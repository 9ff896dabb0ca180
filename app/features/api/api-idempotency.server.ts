import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { apiIdempotency } from "~/db/schema/api-tokens";
import { ApiProblem } from "./problem";

// Issue 19: Idempotency-Key on writes (decision 0071). The key is claimed by inserting its row in
// the SAME transaction as the write: a second request with the key waits on that row's unique
// index until the first commits, then reads its stored answer — so parallel retries write once.
// A write that fails rolls its claim back with it, and the key can be used again.

/** How long an answer is kept for its key. */
export const IDEMPOTENCY_HOURS = 24;
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
    const answer = await work(tx);
    const body = JSON.stringify(answer.body);
    await tx.update(apiIdempotency).set({ status: answer.status, body }).where(mine);
    return { status: answer.status, body, replayed: false };
  });
}
