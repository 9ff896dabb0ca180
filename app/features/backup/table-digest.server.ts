import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";

// What "nothing missing, nothing different" means for a restore (decision 0046): every table of the
// application's schemas, by row count and an MD5 of its rows in a fixed order.

export type TableDigest = { table: string; rows: number; md5: string };

type Rows<T> = { rows: T[] };

async function eachTable<T>(db: Queryable, read: (target: SQL, name: string) => Promise<T>): Promise<T[]> {
  const tables = (await db.execute(sql`
    select table_schema || '.' || table_name as name
    from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle')
    order by 1`)) as unknown as Rows<{ name: string }>;
  const results: T[] = [];
  for (const { name } of tables.rows) {
    const [schema, table] = name.split(".") as [string, string];
    results.push(await read(sql`${sql.identifier(schema)}.${sql.identifier(table)}`, name));
  }
  return results;
}

export function tableRowCounts(db: Queryable): Promise<{ table: string; rows: number }[]> {
  return eachTable(db, async (target, table) => {
    const result = (await db.execute(sql`select count(*)::int as rows from ${target}`)) as unknown as Rows<{
      rows: number;
    }>;
    return { table, rows: Number(result.rows[0]!.rows) };
  });
}

export function tableDigests(db: Queryable): Promise<TableDigest[]> {
  return eachTable(db, async (target, table) => {
    const result = (await db.execute(sql`
      select count(*)::int as rows, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as md5
      from ${target} t`)) as unknown as Rows<{ rows: number; md5: string }>;
    return { table, rows: Number(result.rows[0]!.rows), md5: result.rows[0]!.md5 };
  });
}
