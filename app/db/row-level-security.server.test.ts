import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { product } from "~/db/schema/catalog";
import { createTestStore, databaseForThisFile } from "../../tests/support/test-db";

// Issue 20, decision 0083: the second tenancy wall in the database itself. A statement run as the
// tenant role with a store's id set sees and writes only that store's rows, whatever it forgets.

const database = databaseForThisFile();
type Rows<T> = { rows: T[] };

/** Runs `work` as the tenant role, scoped to `storeId` (or to no store), inside a transaction. */
async function asTenant<T>(
  storeId: string | null,
  work: (run: (query: ReturnType<typeof sql>) => Promise<unknown[]>) => Promise<T>,
) {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local role vitrina_tenant`);
    if (storeId) await tx.execute(sql`select set_config('vitrina.store_id', ${storeId}, true)`);
    return work(async (query) => ((await tx.execute(query)) as unknown as Rows<unknown>).rows);
  });
}

describe("row-level security", () => {
  it("covers every table that holds a store's rows, and the store table", async () => {
    const missing = (await database.db.execute(sql`
      select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      join pg_class k on k.relname = c.table_name and k.relnamespace = 'public'::regnamespace
      where c.table_schema = 'public' and c.column_name = 'store_id' and t.table_type = 'BASE TABLE'
        and not (k.relrowsecurity and exists (
          select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.table_name
            and p.policyname = 'tenant_wall'))
      union all
      select 'store' where not exists (select 1 from pg_policies where tablename = 'store' and policyname = 'tenant_wall')
      order by 1`)) as unknown as Rows<{ table_name: string }>;
    expect(missing.rows.map((row) => row.table_name)).toEqual([]);
  });

  it("lets a query that forgets its store filter see only its own store's rows", async () => {
    const a = await createTestStore(database);
    const b = await createTestStore(database);
    await database.db.insert(product).values([
      { storeId: a.storeId, name: "А-леб", priceCents: 3_000 },
      { storeId: b.storeId, name: "Б-леб", priceCents: 3_100 },
    ]);
    const seen = await asTenant(a.storeId, (run) => run(sql`select store_id, name from product`));
    expect(seen).toEqual([{ store_id: a.storeId, name: "А-леб" }]);
    const stores = await asTenant(a.storeId, (run) => run(sql`select id from store`));
    expect(stores).toEqual([{ id: a.storeId }]);
    // No store set: nothing at all.
    expect(await asTenant(null, (run) => run(sql`select id from product`))).toEqual([]);
  });

  it("refuses a write into another store's rows", async () => {
    const a = await createTestStore(database);
    const b = await createTestStore(database);
    const refused = await asTenant(a.storeId, (run) =>
      run(sql`insert into product (store_id, name, price_cents) values (${b.storeId}, 'Туѓ', 100)`),
    ).catch((error: Error) => error.cause as { code?: string; message?: string });
    // insufficient_privilege: "new row violates row-level security policy for table product"
    expect(refused).toMatchObject({ code: "42501", message: expect.stringMatching(/row-level security/) });
    await database.db.insert(product).values({ storeId: b.storeId, name: "Б-млеко", priceCents: 9_000 });
    const changed = await asTenant(a.storeId, (run) =>
      run(sql`update product set price_cents = 1 where name = 'Б-млеко' returning id`),
    );
    expect(changed).toEqual([]);
  });
});
