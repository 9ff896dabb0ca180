import { sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { logger } from "~/lib/logger.server";

// The products' trigram index (decision 0015) is built with fastupdate off, so every row goes
// straight into the GIN tree: right for the catalogue's everyday writes and for search, but most of
// a large import's commit (20,000 rows: 5.4 s of 7.5 s in PostgreSQL at load 13). For a large import
// the index takes the rows through its pending list inside the import's own transaction — merged
// in sorted batches, then cleaned and switched back before the commit (decision 0076). The ALTER is
// transactional: other sessions never see the switch, and a rollback or a kill -9 undoes it.
// Only on PGlite (decision 0139): the ALTER holds the index's ACCESS EXCLUSIVE lock until the import
// commits, and on a PostgreSQL server every other store's product reads and writes, which plan with
// that index, would queue behind a shop's large import. PGlite has one connection: nobody waits.

/** From this many written products an import switches the index to its pending list. */
export const BULK_INDEX_ROWS = 2000;

const INDEX = sql.raw("product_search_trgm_idx");

/**
 * Switches the index for `rows` rows, if that is worth it and it can be done at once; `done()`
 * merges the pending list and switches back. Not being able to (another import holds the index's
 * lock for a moment, or the database user does not own it) only means the slower path.
 */
export async function bulkTrigramIndex(tx: Queryable, rows: number): Promise<{ done: () => Promise<void> }> {
  const none = { done: async () => {} };
  if (rows < BULK_INDEX_ROWS || !(await isSingleConnection(tx))) return none;
  try {
    await tx.transaction(async (savepoint) => {
      // Waiting for another store's import to finish would be slower than the slow path.
      const before = await savepoint.execute<{ value: string }>(
        sql`select current_setting('lock_timeout') as value, set_config('lock_timeout', '200ms', true)`,
      );
      await savepoint.execute(sql`alter index ${INDEX} set (fastupdate = on)`);
      const value = (before as unknown as { rows: { value: string }[] }).rows[0]?.value ?? "0";
      await savepoint.execute(sql`select set_config('lock_timeout', ${value}, true)`);
    });
  } catch (error) {
    logger.info({ err: error }, "import: trigram index stays as it is");
    return none;
  }
  return {
    done: async () => {
      await tx.execute(sql`select gin_clean_pending_list('${INDEX}'::regclass)`);
      await tx.execute(sql`alter index ${INDEX} set (fastupdate = false)`);
    },
  };
}

/** PGlite, where this transaction's connection is the only one: its version says so. */
async function isSingleConnection(tx: Queryable): Promise<boolean> {
  const result = await tx.execute<{ single: boolean }>(sql`select version() like '%PGlite%' as single`);
  return (result as unknown as { rows: { single: boolean }[] }).rows[0]?.single === true;
}
