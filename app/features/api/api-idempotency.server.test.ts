import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiIdempotency } from "~/db/schema/api-tokens";
import { pruneExpiredRows } from "~/jobs/retention.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { IDEMPOTENCY_KEYS_PER_STORE, withIdempotency } from "./api-idempotency.server";

// Decision 0119: the API's stored answers (one per Idempotency-Key) are purged by the nightly
// retention job once past their 24 hours, and bounded per store in between (the oldest go first).

const database = databaseForThisFile();
const HOUR = 3_600_000;

/** A write under `key`, as the API handler runs one; answers what the work returned. */
function write(storeId: string, key: string, keep?: number) {
  return withIdempotency(
    database.db,
    { storeId, key, requestHash: `hash-of-${key}` },
    async () => ({ status: 200, body: { key } }),
    keep,
  );
}

/** Stored answers of a store, as if written `hoursAgo` hours ago. */
async function storedAgo(storeId: string, keys: string[], hoursAgo: number) {
  const createdAt = new Date(Date.now() - hoursAgo * HOUR);
  await database.db.insert(apiIdempotency).values(
    keys.map((key) => ({
      storeId,
      key,
      requestHash: `hash-of-${key}`,
      status: 200,
      body: "{}",
      createdAt,
    })),
  );
}

async function keysOf(storeId: string): Promise<string[]> {
  const rows = await database.db
    .select({ key: apiIdempotency.key })
    .from(apiIdempotency)
    .where(eq(apiIdempotency.storeId, storeId))
    .orderBy(apiIdempotency.key);
  return rows.map((row) => row.key);
}

describe("API idempotency answers", () => {
  it("the nightly retention job purges answers older than 24 hours, and keeps younger ones", async () => {
    const shop = await createTestStore(database);
    const other = await createTestStore(database);
    await storedAgo(shop.storeId, ["old-1", "old-2", "old-3"], 25);
    await storedAgo(other.storeId, ["old-4"], 30);
    await storedAgo(shop.storeId, ["fresh-1"], 23);
    await write(other.storeId, "fresh-2");

    // Batches of two, as the scheduler repeats a batched job until a batch deletes nothing.
    while ((await pruneExpiredRows(database.db, new Date(), 2)) > 0);

    expect(await keysOf(shop.storeId)).toEqual(["fresh-1"]);
    expect(await keysOf(other.storeId)).toEqual(["fresh-2"]);
    // A purged key is a new key again; a kept one still replays its answer.
    expect(await write(shop.storeId, "old-1")).toMatchObject({ replayed: false });
    expect(await write(other.storeId, "fresh-2")).toMatchObject({ replayed: true });
  });

  it("a store keeps at most its cap of answers, the oldest dropped as new keys come", async () => {
    const shop = await createTestStore(database);
    const other = await createTestStore(database);
    await storedAgo(shop.storeId, ["a"], 5);
    await storedAgo(shop.storeId, ["b"], 4);
    await storedAgo(shop.storeId, ["c"], 3);
    await storedAgo(other.storeId, ["x", "y", "z", "w"], 5);

    await write(shop.storeId, "d", 3);
    expect(await keysOf(shop.storeId)).toEqual(["b", "c", "d"]);
    await write(shop.storeId, "e", 3);
    expect(await keysOf(shop.storeId)).toEqual(["c", "d", "e"]);
    // A replay adds nothing and drops nothing; another store's answers are its own.
    expect(await write(shop.storeId, "c", 3)).toMatchObject({ replayed: true });
    expect(await keysOf(shop.storeId)).toEqual(["c", "d", "e"]);
    expect(await keysOf(other.storeId)).toEqual(["w", "x", "y", "z"]);
  });

  it(`the default cap is ${IDEMPOTENCY_KEYS_PER_STORE} answers per store`, async () => {
    const shop = await createTestStore(database);
    await database.db.execute(sql`
      insert into api_idempotency (store_id, key, request_hash, status, body, created_at)
      select ${shop.storeId}, 'k' || n, 'h', 200, '{}', now() - interval '1 hour' - n * interval '1 second'
      from generate_series(1, ${IDEMPOTENCY_KEYS_PER_STORE}) as n`);

    await write(shop.storeId, "newest");

    const [row] = await database.db
      .select({ n: count() })
      .from(apiIdempotency)
      .where(eq(apiIdempotency.storeId, shop.storeId));
    expect(row?.n).toBe(IDEMPOTENCY_KEYS_PER_STORE);
    // k<cap> was the oldest (the most seconds before the hour): it went; the new answer stayed.
    const oldest = `k${IDEMPOTENCY_KEYS_PER_STORE}`;
    const gone = await database.db
      .select()
      .from(apiIdempotency)
      .where(and(eq(apiIdempotency.storeId, shop.storeId), eq(apiIdempotency.key, oldest)));
    expect(gone).toEqual([]);
    expect(await write(shop.storeId, "newest")).toMatchObject({ replayed: true });
  });
});
