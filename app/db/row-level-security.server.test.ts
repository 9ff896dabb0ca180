import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog } from "~/db/schema/activity";
import { product } from "~/db/schema/catalog";
import { store } from "~/db/schema/stores";
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

describe("the owner context's database (decision 0083, part 2)", () => {
  it("is walled: a query that forgets its store filter sees only the owner's store", async () => {
    expect(database.tenantWall()).toBe(true);
    const a = await createTestStore(database);
    const b = await createTestStore(database);
    await database.db.insert(product).values([
      { storeId: a.storeId, name: "А-сирење", priceCents: 30_000 },
      { storeId: b.storeId, name: "Б-сирење", priceCents: 31_000 },
    ]);
    const seen = await a.ctx.db.select({ storeId: product.storeId, name: product.name }).from(product);
    expect(seen).toEqual([{ storeId: a.storeId, name: "А-сирење" }]);
    // The same inside a transaction a service opens, for reads and for writes.
    const inTransaction = await a.ctx.db.transaction(async (tx) => {
      const changed = await tx.update(product).set({ priceCents: 1 }).returning({ name: product.name });
      return { changed, all: await tx.select({ name: product.name }).from(product) };
    });
    expect(inTransaction).toEqual({ changed: [{ name: "А-сирење" }], all: [{ name: "А-сирење" }] });
    const refused = await a.ctx.db
      .insert(product)
      .values({ storeId: b.storeId, name: "Туѓ", priceCents: 100 })
      .catch((error: Error) => error.cause as { code?: string });
    expect(refused).toMatchObject({ code: "42501" });
    const [theirs] = await database.db
      .select({ priceCents: product.priceCents })
      .from(product)
      .where(sql`${product.storeId} = ${b.storeId}`);
    expect(theirs).toEqual({ priceCents: 31_000 });
  });

  it("leaves the connection clean: the next plain statement is the owner again", async () => {
    const a = await createTestStore(database);
    await a.ctx.db.select().from(product);
    const role = (await database.db.execute(
      sql`select current_user as who, current_setting('vitrina.store_id', true) as store`,
    )) as unknown as Rows<{ who: string; store: string | null }>;
    expect(role.rows[0]?.who).not.toBe("vitrina_tenant");
    expect(role.rows[0]?.store ?? "").toBe("");
  });
});

describe("the public pages' database (decision 0083, part 2)", () => {
  it("reads only public stores' rows, and of them only what a public page shows", async () => {
    const open = await createTestStore(database);
    const unpaid = await createTestStore(database, { active: false });
    const onboarding = await createTestStore(database, { onboardingStep: 2 });
    const ids = [open.storeId, unpaid.storeId, onboarding.storeId];
    await database.db
      .insert(product)
      .values(ids.map((storeId, i) => ({ storeId, name: `Производ ${i}`, priceCents: 100 + i })));
    const publicDb = database.forPublic();
    const products = await publicDb
      .select({ storeId: product.storeId })
      .from(product)
      .where(inArray(product.storeId, ids));
    expect(products).toEqual([{ storeId: open.storeId }]);
    // The inactive store's row answers (its page shows the notice); the one in onboarding does not.
    const stores = await publicDb.select({ id: store.id }).from(store).where(inArray(store.id, ids));
    expect(stores.map((row) => row.id).sort()).toEqual([open.storeId, unpaid.storeId].sort());
    // What no public page shows is not readable at all, and nothing is writable.
    const denied = (work: Promise<unknown>) =>
      work.catch((error: Error) => (error.cause as { code?: string }).code);
    expect(await denied(publicDb.select().from(activityLog).limit(1))).toBe("42501");
    expect(
      await denied(publicDb.update(product).set({ priceCents: 1 }).where(inArray(product.storeId, ids))),
    ).toBe("42501");
  });
});
