import { sql } from "drizzle-orm";

// Set-based writes (decision 0034): a statement takes each column as one array parameter and reads
// the rows back with unnest(), so a chunk of thousands of rows is one statement with a few
// parameters, not a VALUES list of thousands.

/** Rows per statement of the set-based writes. */
export const UNNEST_CHUNK = 2000;

/** One column's values as a single array parameter; cast it in the statement (`::uuid[]`). */
export function sqlArray(values: unknown[]) {
  return sql.param(values);
}
