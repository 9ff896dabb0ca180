import { sql } from "drizzle-orm";
import { logger } from "~/lib/logger.server";
import type { Database } from "./client.server";
import { processDatabase } from "./db.server";

// Decision 0107: PGlite runs no autovacuum, so its tables keep the statistics of
// the day they were created (none): after a 20,000-row import the planner still guessed a handful
// of the store's products, and a page of its public list took 4× as long as after ANALYZE
// (`npm run bench:write-stalls`). PostgreSQL's autovacuum does analyze a table once a tenth of it
// has changed, but only at its next round, up to a minute later (decision 0115): in the soak, each
// read of the imported store's catalogue took a second of the database until then. So both do it.

/** From this many products written by one import or bulk change, its tables are analyzed. */
export const ANALYZE_AFTER_ROWS = 1000;

const TABLES = new Set(["product", "category", "price_history", "activity_log"]);
/** One queue per database: a database closed with an ANALYZE pending never holds up another's. */
const queues = new WeakMap<object, Promise<unknown>>();

/**
 * After a committed write of `rows` products, ANALYZE the tables it touched, as the tables' owner
 * (the process database: the walled roles may not), after anything already queued. Not awaited:
 * the owner's answer does not wait for it. A failure only leaves the old statistics.
 */
export function analyzeAfterLargeWrite(
  rows: number,
  tables: string[],
  database: Database | null = processDatabase(),
): Promise<void> {
  if (rows < ANALYZE_AFTER_ROWS || !database) return Promise.resolve();
  const names = tables.filter((table) => TABLES.has(table));
  const run = (queues.get(database) ?? Promise.resolve()).then(async () => {
    const at = performance.now();
    await database.db.execute(sql.raw(`analyze ${names.join(", ")}`));
    logger.info({ tables: names, ms: Math.round(performance.now() - at) }, "analyzed after a large write");
  });
  const queue = run.catch((error) =>
    logger.warn({ err: error, tables: names }, "analyze after a large write failed"),
  );
  queues.set(database, queue);
  return queue as Promise<void>;
}
