import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

// The admin lists' bench data (the lists must stay fast with 10,000 stores), written by the database
// itself with generate_series: one INSERT … SELECT per table instead of rows built in Node and sent
// in batches, so 10,000 stores (and 100,000 audit rows) are seeded in seconds on PGlite and
// PostgreSQL alike. Row n is the same on every run: owner-n@bench.example owns the store bench-n.

export type AdminBenchCounts = {
  stores: number;
  products: number;
  confirmations: number;
  billing: number;
  payments: number;
  waitlist: number;
  audit: number;
};

const CITIES = sql.raw(`ARRAY['Скопје','Битола','Куманово','Тетово','Охрид','Штип','Велес','Струмица']`);
const ACTIONS = sql.raw(`ARRAY['sign_in','sign_in_failed','code_sent','sign_up','trial_extended']`);

/** Seeds `stores` owners with their stores and the rest of the admin lists' rows; the counts. */
export async function seedAdminBench(db: Db, stores: number): Promise<AdminBenchCounts> {
  const last = stores - 1;
  // Owners, each with a password account (the users list shows sign-in methods).
  await db.execute(sql`
    INSERT INTO "user" (id, name, email, email_verified, onboarded, created_at)
    SELECT 'bench-owner-' || n, 'Сопственик ' || n, 'owner-' || n || '@bench.example', true, true,
           now() - (n % 400) * interval '1 day'
    FROM generate_series(0, ${last}::int) AS n`);
  await db.execute(sql`
    INSERT INTO account (id, account_id, provider_id, user_id, password)
    SELECT 'bench-account-' || n, 'bench-owner-' || n, 'credential', 'bench-owner-' || n, 'x'
    FROM generate_series(0, ${last}::int) AS n`);
  // Every 20th store deactivated, every 50th still onboarding; trials from 20 days ago to 40 ahead.
  await db.execute(sql`
    INSERT INTO store (owner_id, username, name, phone, company_name, active, onboarding_step,
                       trial_ends_at, created_at)
    SELECT 'bench-owner-' || n, 'bench-' || n,
           'Продавница ' || n || ' ' || (${CITIES})[n % 8 + 1], '+38971234567', 'Бенч ' || n || ' ДООЕЛ',
           n % 20 <> 0, CASE WHEN n % 50 = 0 THEN 2 END,
           now() + ((n % 60) - 20) * interval '1 day', now() - (n % 400) * interval '1 day'
    FROM generate_series(0, ${last}::int) AS n`);
  // The bench's stores with their number, for the tables below.
  const numbered = sql`(SELECT id, substring(username FROM 7)::int AS n FROM store
                        WHERE username ~ '^bench-[0-9]+$')`;
  await db.execute(sql`
    INSERT INTO product (store_id, name, price_cents)
    SELECT s.id, 'Производ ' || s.n || '-' || k, 10000 + k
    FROM ${numbered} AS s CROSS JOIN generate_series(0, 2) AS k`);
  await db.execute(sql`
    INSERT INTO price_confirmation (store_id, day, status)
    SELECT s.id, (now() - back * interval '1 day')::date,
           CASE WHEN (s.n + back) % 7 = 0 THEN 'missed' ELSE 'confirmed' END
    FROM ${numbered} AS s CROSS JOIN generate_series(1, 3) AS back`);
  // A plan for every third store, half monthly, half yearly.
  await db.execute(sql`
    INSERT INTO store_billing (store_id, plan, method, paid_until)
    SELECT s.id, CASE WHEN (s.n / 3) % 2 = 1 THEN 'monthly' ELSE 'yearly' END, 'bank_transfer',
           now() + ((s.n / 3) % 200) * interval '1 day'
    FROM ${numbered} AS s WHERE s.n % 3 = 0`);
  // A pending bank transfer for every fifth store, at most 2,000.
  await db.execute(sql`
    INSERT INTO payment (store_id, plan, method, amount_cents, months, due_at, buyer)
    SELECT s.id, 'monthly', 'bank_transfer', 120000, 1, now() + interval '8 days',
           '{"companyName":"Бенч ДООЕЛ","storeName":"Бенч","address":null,"phone":"+38971234567"}'::jsonb
    FROM ${numbered} AS s WHERE s.n % 5 = 0 AND s.n < 10000`);
  await db.execute(sql`
    INSERT INTO waitlist_entry (email, name, store_name, city)
    SELECT 'wait-' || i || '@bench.example', 'Чека ' || i, 'Идна продавница ' || i, (${CITIES})[i % 8 + 1]
    FROM generate_series(0, 4999) AS i`);
  await db.execute(sql`
    INSERT INTO audit_log (action, email, created_at)
    SELECT (${ACTIONS})[i % 5 + 1], 'owner-' || (i % ${stores}::int) || '@bench.example',
           now() - (i % 90) * interval '1 day' - (i % 2000) * interval '1 second'
    FROM generate_series(0, 99999) AS i`);
  for (const table of ["user", "account", "store", "product", "price_confirmation", "store_billing"])
    await db.execute(sql.raw(`ANALYZE "${table}"`));
  await db.execute(sql`ANALYZE payment`);
  await db.execute(sql`ANALYZE waitlist_entry`);
  await db.execute(sql`ANALYZE audit_log`);

  const count = async (query: ReturnType<typeof sql>) => {
    const result = (await db.execute(query)) as unknown as { rows: { c: number | string }[] };
    return Number(result.rows[0]!.c);
  };
  const benchStores = sql`store_id IN (SELECT id FROM store WHERE username ~ '^bench-[0-9]+$')`;
  return {
    stores: await count(sql`SELECT count(*) AS c FROM store WHERE username ~ '^bench-[0-9]+$'`),
    products: await count(sql`SELECT count(*) AS c FROM product WHERE ${benchStores}`),
    confirmations: await count(sql`SELECT count(*) AS c FROM price_confirmation WHERE ${benchStores}`),
    billing: await count(sql`SELECT count(*) AS c FROM store_billing WHERE ${benchStores}`),
    payments: await count(sql`SELECT count(*) AS c FROM payment WHERE ${benchStores}`),
    waitlist: await count(sql`SELECT count(*) AS c FROM waitlist_entry WHERE email LIKE '%@bench.example'`),
    audit: await count(sql`SELECT count(*) AS c FROM audit_log WHERE email LIKE '%@bench.example'`),
  };
}
