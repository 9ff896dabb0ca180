import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/account-security";
import { activityLog } from "~/db/schema/activity";
import { session } from "~/db/schema/auth";
import { product } from "~/db/schema/catalog";
import { post } from "~/db/schema/posts";
import { store } from "~/db/schema/stores";
import { addProducts } from "~/features/catalog/product.test-support";
import {
  insertProductRowPastTheWriter,
  insertProductRowSql,
  setEveryPricePastTheWriter,
  setPriceByNameSql,
} from "~/features/catalog/raw-product-statements.test-support";
import { createTestStore, databaseForThisFile } from "../../tests/support/test-db";

// Decision 0083: the second tenancy wall in the database itself. A statement run as the
// tenant role with a store's id set sees and writes only that store's rows, whatever it forgets.

const database = databaseForThisFile();
type Rows<T> = { rows: T[] };

/**
 * Runs `work` as the tenant role, scoped to `storeId` (or to no store), inside a transaction: the
 * store signed by the owner's connection before it takes the role, as the app does (decision 0120).
 */
async function asTenant<T>(
  storeId: string | null,
  work: (run: (query: ReturnType<typeof sql>) => Promise<unknown[]>) => Promise<T>,
) {
  return database.db.transaction(async (tx) => {
    if (storeId) await tx.execute(sql`select set_config('vitrina.store_id', tenant_scope(${storeId}), true)`);
    await tx.execute(sql`set local role vitrina_tenant`);
    return work(async (query) => ((await tx.execute(query)) as unknown as Rows<unknown>).rows);
  });
}

/** Runs `work` as the public pages' role inside a transaction. */
async function asPublic<T>(work: (run: (query: ReturnType<typeof sql>) => Promise<unknown[]>) => Promise<T>) {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local role vitrina_public`);
    return work(async (query) => ((await tx.execute(query)) as unknown as Rows<unknown>).rows);
  });
}

/** The SQLSTATE a refused statement fails with, or its rows when it is not refused. */
async function outcome(run: () => Promise<unknown[]>): Promise<unknown[] | string> {
  try {
    return await run();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
    return cause.code ?? String(error);
  }
}

/** A product's price as the owner's connection reads it, to show a refused write changed nothing. */
async function priceOf(storeId: string, name: string) {
  const [row] = await database.db
    .select({ priceCents: product.priceCents })
    .from(product)
    .where(and(eq(product.storeId, storeId), eq(product.name, name)));
  return row?.priceCents;
}

const REFUSED = "42501"; // insufficient_privilege: permission denied, or a row-level security check

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
    await addProducts(a.ctx, [{ name: "А-леб", priceCents: 3_000 }]);
    await addProducts(b.ctx, [{ name: "Б-леб", priceCents: 3_100 }]);
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
    // The statements a careless module would run past the writer, as the tenant role: the database refuses them.
    const refused = await asTenant(a.storeId, (run) => run(insertProductRowSql(b.storeId, "Туѓ", 100))).catch(
      (error: Error) => error.cause as { code?: string; message?: string },
    );
    // insufficient_privilege: "new row violates row-level security policy for table product"
    expect(refused).toMatchObject({ code: "42501", message: expect.stringMatching(/row-level security/) });
    await addProducts(b.ctx, [{ name: "Б-млеко", priceCents: 9_000 }]);
    const changed = await asTenant(a.storeId, (run) => run(setPriceByNameSql("Б-млеко", 1)));
    expect(changed).toEqual([]);
    expect(await priceOf(b.storeId, "Б-млеко")).toBe(9_000);
  });
});

describe("the owner context's database (decision 0083, part 2)", () => {
  it("is walled: a query that forgets its store filter sees only the owner's store", async () => {
    expect(database.tenantWall()).toBe(true);
    const a = await createTestStore(database);
    const b = await createTestStore(database);
    await addProducts(a.ctx, [{ name: "А-сирење", priceCents: 30_000 }]);
    await addProducts(b.ctx, [{ name: "Б-сирење", priceCents: 31_000 }]);
    const seen = await a.ctx.db.select({ storeId: product.storeId, name: product.name }).from(product);
    expect(seen).toEqual([{ storeId: a.storeId, name: "А-сирење" }]);
    // The same inside a transaction a service opens, for reads and for writes: an update past the
    // writer with no store filter reaches the owner's product only.
    const inTransaction = await a.ctx.db.transaction(async (tx) => {
      const changed = await setEveryPricePastTheWriter(tx, 1);
      return { changed, all: await tx.select({ name: product.name }).from(product) };
    });
    expect(inTransaction).toEqual({ changed: [{ name: "А-сирење" }], all: [{ name: "А-сирење" }] });
    const refused = await insertProductRowPastTheWriter(a.ctx.db, {
      storeId: b.storeId,
      name: "Туѓ",
      priceCents: 100,
    });
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
    for (const [i, one] of [open, unpaid, onboarding].entries())
      await addProducts(one.ctx, [{ name: `Производ ${i}`, priceCents: 100 + i }]);
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
    expect(await setEveryPricePastTheWriter(publicDb, 1, ids)).toMatchObject({ code: "42501" });
  });
});

describe("the wall around every table (decision 0120)", () => {
  /** Two stores with a product, an inactive product, a draft and a published post, a session and an audit entry each. */
  async function twoStores() {
    const a = await createTestStore(database);
    const b = await createTestStore(database, { phonePublic: false });
    for (const one of [a, b]) {
      await addProducts(one.ctx, [
        { name: "Видлив", priceCents: 100 },
        { name: "Повлечен", priceCents: 100, status: "inactive" },
      ]);
      await database.db.insert(post).values([
        { storeId: one.storeId, title: "Нацрт", publishOn: "2026-01-01" },
        { storeId: one.storeId, title: "Објава", publishOn: "2026-01-01", published: true },
      ]);
      await database.db.insert(session).values({
        id: randomUUID(),
        token: randomUUID(),
        userId: one.userId,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      await database.db.insert(auditLog).values({ action: "sign_in", userId: one.userId });
    }
    return { a, b };
  }

  it("puts row security on every table", async () => {
    const open = (await database.db.execute(sql`
      select relname from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'
        and not relrowsecurity order by 1`)) as unknown as Rows<{ relname: string }>;
    expect(open.rows.map((row) => row.relname)).toEqual([]);
  });

  it("grants the store's role, outside its store's tables, only the owner's row, audit entries and the library", async () => {
    const granted = (await database.db.execute(sql`
      select g.table_name, string_agg(g.privilege_type, ',' order by g.privilege_type) as privileges
      from information_schema.role_table_grants g
      where g.grantee = 'vitrina_tenant' and g.table_schema = 'public'
        and g.table_name not in (select table_name from information_schema.columns
          where table_schema = 'public' and column_name = 'store_id')
      group by 1 order by 1`)) as unknown as Rows<{ table_name: string; privileges: string }>;
    expect(granted.rows).toEqual([
      { table_name: "audit_log", privileges: "INSERT" },
      { table_name: "library_image", privileges: "SELECT" },
      { table_name: "store", privileges: "SELECT" },
      { table_name: "user", privileges: "SELECT" },
    ]);
  });

  it("lets a store's statement with no filter see only its own store, on every table", async () => {
    const { a } = await twoStores();
    const tables = (await database.db.execute(sql`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'store_id' order by 1`)) as unknown as Rows<{
      table_name: string;
    }>;
    for (const { table_name: table } of tables.rows) {
      const seen = await outcome(() =>
        asTenant(a.storeId, (run) => run(sql`select distinct store_id from ${sql.identifier(table)}`)),
      );
      // Either not granted at all, or only this store's rows.
      if (typeof seen === "string") expect([table, seen]).toEqual([table, REFUSED]);
      else for (const row of seen) expect([table, row]).toEqual([table, { store_id: a.storeId }]);
    }
  });

  it("keeps the store's role out of accounts, sessions, the audit log and the other tables no store owns", async () => {
    const { a, b } = await twoStores();
    // The owner's own account row only; and never its role.
    expect(await asTenant(a.storeId, (run) => run(sql`select id from "user"`))).toEqual([{ id: a.userId }]);
    expect(
      await outcome(() => asTenant(a.storeId, (run) => run(sql`update "user" set role = 'admin'`))),
    ).toBe(REFUSED);
    expect(
      await outcome(() =>
        asTenant(a.storeId, (run) =>
          run(sql`update "user" set onboarded = false where id = ${b.userId} returning id`),
        ),
      ),
    ).toEqual([]);
    // The audit log: an entry about its own owner may be added; none read, changed or deleted.
    for (const statement of [
      sql`select * from audit_log`,
      sql`delete from audit_log`,
      sql`update audit_log set action = 'x'`,
    ])
      expect(await outcome(() => asTenant(a.storeId, (run) => run(statement)))).toBe(REFUSED);
    expect(
      await outcome(() =>
        asTenant(a.storeId, (run) =>
          run(sql`insert into audit_log (action, user_id) values ('api_token_created', ${b.userId})`),
        ),
      ),
    ).toBe(REFUSED);
    for (const table of [
      "session",
      "account",
      "passkey",
      "verification",
      "rate_limit",
      "waitlist_entry",
      "job_run",
    ])
      expect([
        table,
        await outcome(() => asTenant(a.storeId, (run) => run(sql`select * from ${sql.identifier(table)}`))),
      ]).toEqual([table, REFUSED]);
    // Its own store row, but not whether it is active: payments and the admin decide that.
    expect(await outcome(() => asTenant(a.storeId, (run) => run(sql`update store set active = true`)))).toBe(
      REFUSED,
    );
    // Nothing at all with no store set.
    expect(await asTenant(null, (run) => run(sql`select id from "user"`))).toEqual([]);
  });

  it("does not let the store's role name another store, or leave its role", async () => {
    const { a, b } = await twoStores();
    // set_config is not the role's to call (the owner's connection may, before it takes the role).
    const moved = await outcome(() =>
      asTenant(a.storeId, async (run) => {
        await run(sql`select set_config('vitrina.store_id', ${b.storeId}, true)`);
        return run(sql`select id from store`);
      }),
    );
    expect(moved).toBe(REFUSED);
    expect(
      await outcome(() =>
        asTenant(a.storeId, (run) => run(sql`select set_config('role', current_user, true)`)),
      ),
    ).toBe(REFUSED);
    // A store id set without the owner's signature (SET, or a signature from another transaction) is no store.
    const forged = await asTenant(a.storeId, async (run) => {
      await run(sql.raw(`set local vitrina.store_id = '${b.storeId}'`));
      return run(sql`select id from store`);
    });
    expect(forged).toEqual([]);
    const [signed] = (await database.db.transaction(
      async (tx) =>
        (
          (await tx.execute(sql`select tenant_scope(${b.storeId}) as scope`)) as unknown as Rows<{
            scope: string;
          }>
        ).rows,
    )) as { scope: string }[];
    // PGlite's clock counts whole milliseconds (its transaction_timestamp() is 1 ms apart at best), so
    // on PGlite the mac tells transactions apart only once the clock has moved; PostgreSQL's counts
    // microseconds and binds the backend too. A replay in the same millisecond is the embedded
    // database's limit, not what this line proves.
    if (!process.env.TEST_DATABASE_URL) await new Promise((resolve) => setTimeout(resolve, 2));
    const replayed = await asTenant(a.storeId, async (run) => {
      await run(sql.raw(`set local vitrina.store_id = '${signed!.scope}'`));
      return run(sql`select id from store`);
    });
    expect(replayed).toEqual([]);
    expect(
      await outcome(() => asTenant(a.storeId, (run) => run(sql`select tenant_scope(${b.storeId})`))),
    ).toBe(REFUSED);
  });

  it("shows the public pages' role only public rows: no inactive products, drafts or private phones", async () => {
    const { a, b } = await twoStores();
    const ids = [a.storeId, b.storeId];
    const products = (await asPublic((run) =>
      run(sql`select name from product where store_id in (${sql.join(ids, sql`, `)})`),
    )) as { name: string }[];
    expect(products.map((row) => row.name)).toEqual(["Видлив", "Видлив"]);
    const posts = (await asPublic((run) =>
      run(sql`select title from post where store_id in (${sql.join(ids, sql`, `)})`),
    )) as { title: string }[];
    expect(posts.map((row) => row.title)).toEqual(["Објава", "Објава"]);
    expect(await outcome(() => asPublic((run) => run(sql`select phone from store`)))).toBe(REFUSED);
    const phones = await asPublic((run) =>
      run(
        sql`select id, public_phone from store where id in (${sql.join(ids, sql`, `)}) order by id = ${a.storeId}`,
      ),
    );
    expect(phones).toEqual([
      { id: b.storeId, public_phone: null },
      { id: a.storeId, public_phone: "+38971234567" },
    ]);
    for (const table of [
      "user",
      "session",
      "audit_log",
      "api_token",
      "store_billing",
      "payment",
      "activity_log",
    ])
      expect([
        table,
        await outcome(() => asPublic((run) => run(sql`select * from ${sql.identifier(table)} limit 1`))),
      ]).toEqual([table, REFUSED]);
    expect(
      await outcome(() => asPublic((run) => run(sql`select set_config('role', current_user, true)`))),
    ).toBe(REFUSED);
  });

  it("lets a public statement with no filter see no row of a store the public may not see, on every table", async () => {
    const unpaid = await createTestStore(database, { active: false });
    const onboarding = await createTestStore(database, { onboardingStep: 2 });
    const hidden = [unpaid.storeId, onboarding.storeId];
    for (const { ctx, storeId } of [unpaid, onboarding]) {
      await addProducts(ctx, [{ name: "Скриен", priceCents: 100 }]);
      await database.db
        .insert(post)
        .values({ storeId, title: "Скриена", publishOn: "2026-01-01", published: true });
    }
    const tables = (await database.db.execute(sql`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'store_id' order by 1`)) as unknown as Rows<{
      table_name: string;
    }>;
    for (const { table_name: table } of tables.rows) {
      const seen = await outcome(() =>
        asPublic((run) =>
          run(
            sql`select store_id from ${sql.identifier(table)} where store_id in (${sql.join(hidden, sql`, `)})`,
          ),
        ),
      );
      if (typeof seen === "string") expect([table, seen]).toEqual([table, REFUSED]);
      else expect([table, seen]).toEqual([table, []]);
    }
  });
});
