import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** `%text%` for ILIKE with the text's own % and _ matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Any of these columns contains the text, case-insensitively. */
export function anyContains(columns: (AnyPgColumn | SQL)[], text: string): SQL {
  const pattern = containsPattern(text);
  return sql`(${sql.join(
    columns.map((column) => sql`${column} ILIKE ${pattern}`),
    sql` OR `,
  )})`;
}

/** Offset of a 1-based page. */
export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
