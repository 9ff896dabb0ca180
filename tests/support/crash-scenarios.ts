// Decision 0081: the multi-row write paths that a kill -9 must leave whole or absent.
// Each scenario seeds a database (the test, in its own process), runs one write path through the
// same services the dashboard and the jobs use (tests/support/crash-child.ts, a process that is
// killed), and observes the rows that write touches in a form that is the same for two runs of it
// (no generated ids or timestamps), so "all of it" and "none of it" can both be recognised.

import { sql } from "drizzle-orm";
import type { Database, Db } from "~/db/client.server";
import { product } from "~/db/schema/catalog";
import { bulkActionSchema } from "~/features/catalog/product-bulk.schema";
import { runBulkAction } from "~/features/catalog/product-bulk.server";
import { commitImport } from "~/features/import/commit.server";
import type { ImportRow } from "~/features/import/rows";
import { promotionSchema } from "~/features/promotions/promotion.schema";
import { savePromotion } from "~/features/promotions/promotion.server";
import { DAY_END_CATCH_UP_JOB, JOBS } from "~/jobs/jobs.server";
import { createScheduler } from "~/jobs/scheduler.server";
import { addDays, skopjeDay } from "~/lib/calendar";
import { fixedClock } from "~/lib/clock.server";
import type { StoreContext } from "~/lib/service-context";
import { createTestStore } from "./test-db";

export type Seed = { storeIds: string[]; owners: string[]; productIds: string[]; day: string };

export type Scenario = {
  /** A job: after a kill the test restarts it, and it must then run to completion exactly once. */
  job?: boolean;
  prepare: (database: Database) => Promise<Seed>;
  /** The write path; `arm` starts the statement count right before its writes begin. */
  run: (db: Db, seed: Seed, arm: () => void) => Promise<void>;
  /** A job's run after the restart, when it is not `run` again (default: `run`). */
  restart?: (db: Db, seed: Seed) => Promise<void>;
};

const PRODUCTS = 400;
// A Wednesday: the missed-day job counts it (weekends may be off). The jobs' clock is fixed on it.
const JOB_DAY = "2026-11-18";
const JOB_STORES = 25;
const LONG_AGO = new Date("2026-01-05T08:00:00Z");

const ctxOf = (db: Db, seed: Seed, index = 0): StoreContext => ({
  db,
  storeId: seed.storeIds[index]!,
  actor: { userId: seed.owners[index]! },
});

async function storeWithProducts(database: Database, count: number): Promise<Seed> {
  const { storeId, userId } = await createTestStore(database);
  const rows = Array.from({ length: count }, (_, i) => ({
    storeId,
    name: `Производ ${String(i).padStart(4, "0")}`,
    priceCents: 10_000 + i * 100,
    barcode: null,
  }));
  const inserted = await database.db.insert(product).values(rows).returning({ id: product.id });
  return {
    storeIds: [storeId],
    owners: [userId],
    productIds: inserted.map((row) => row.id),
    day: skopjeDay(new Date()),
  };
}

/** Many public stores with a few products each, created long before the jobs' day. */
async function publicStores(database: Database): Promise<Seed> {
  const seed: Seed = { storeIds: [], owners: [], productIds: [], day: JOB_DAY };
  for (let i = 0; i < JOB_STORES; i++) {
    const { storeId, userId } = await createTestStore(database, { createdAt: LONG_AGO, updatedAt: LONG_AGO });
    // Unchanged since long before the day: the catch-up after midnight may archive them (decision 0080).
    await database.db.insert(product).values(
      Array.from({ length: 5 }, (_, j) => ({
        storeId,
        name: `Артикл ${j}`,
        priceCents: 5_000 + j * 100,
        updatedAt: LONG_AGO,
      })),
    );
    seed.storeIds.push(storeId);
    seed.owners.push(userId);
  }
  return seed;
}

async function bulk(db: Db, seed: Seed, arm: () => void, fields: Record<string, string>) {
  const ctx = ctxOf(db, seed);
  const preview = await runBulkAction(ctx, bulkActionSchema.parse({ scope: "all", ...fields }));
  const plan =
    "preview" in preview ? preview.preview.plan : "deletion" in preview ? preview.deletion.plan : "";
  arm();
  const result = await runBulkAction(ctx, bulkActionSchema.parse({ scope: "all", ...fields, plan }));
  if ("stale" in result && result.stale) throw new Error("the confirmed plan went stale");
}

async function runJob(db: Db, name: string, at: string) {
  const scheduler = createScheduler({ db, clock: fixedClock(at), jobs: JOBS });
  if (!(await scheduler.runNow(name))) throw new Error(`job ${name} did not run`);
}

export const SCENARIOS: Record<string, Scenario> = {
  "bulk price change": {
    prepare: (database) => storeWithProducts(database, PRODUCTS),
    run: (db, seed, arm) => bulk(db, seed, arm, { action: "pricePercent", value: "10" }),
  },
  "bulk delete": {
    prepare: (database) => storeWithProducts(database, PRODUCTS),
    run: (db, seed, arm) => bulk(db, seed, arm, { action: "delete" }),
  },
  "promotion assignment": {
    // Half of the products are in a running promotion; the new one takes 300, moving 100 of them.
    async prepare(database) {
      const seed = await storeWithProducts(database, PRODUCTS);
      await savePromotion(
        ctxOf(database.db, seed),
        promotionInput("Зимска", seed.productIds.slice(0, 200), 30),
      );
      return seed;
    },
    async run(db, seed, arm) {
      const input = promotionInput("Викенд", seed.productIds.slice(100, 400), 10, true);
      arm();
      await savePromotion(ctxOf(db, seed), input);
    },
  },
  import: {
    // 1,000 rows: 400 existing products at new prices (matched by name), 600 new ones in 3 categories.
    prepare: (database) => storeWithProducts(database, PRODUCTS),
    async run(db, seed, arm) {
      const rows: ImportRow[] = Array.from({ length: 1_000 }, (_, i) => ({
        line: i + 2,
        name: i < PRODUCTS ? `Производ ${String(i).padStart(4, "0")}` : `Увезен ${i}`,
        priceCents: 20_000 + i * 100,
        category: `Категорија ${i % 3}`,
      }));
      arm();
      await commitImport(ctxOf(db, seed), rows);
    },
  },
  "day-end archive job": {
    job: true,
    prepare: publicStores,
    async run(db, seed, arm) {
      arm();
      await runJob(db, "price-list-day-end", `${seed.day}T22:56:00Z`); // 23:56 in Skopje
    },
  },
  "day-end archive job, restarted after midnight": {
    job: true,
    prepare: publicStores,
    async run(db, seed, arm) {
      arm();
      await runJob(db, "price-list-day-end", `${seed.day}T22:58:00Z`); // 23:58 in Skopje
    },
    // The next day at 00:05 in Skopje: the start-up catch-up archives the day that ended meanwhile.
    restart: (db, seed) => runJob(db, DAY_END_CATCH_UP_JOB, `${seed.day}T23:05:00Z`),
  },
  "10:00 missed-day job": {
    job: true,
    prepare: publicStores,
    async run(db, seed, arm) {
      arm();
      await runJob(db, "confirmation-missed", `${seed.day}T09:05:00Z`); // 10:05 in Skopje
    },
  },
};

function promotionInput(name: string, productIds: string[], percent: number, move = false) {
  const startsOn = skopjeDay(new Date());
  return promotionSchema.parse({
    name,
    type: "promotional_sale",
    discountType: "percentage",
    value: String(percent),
    startsOn,
    endsOn: addDays(startsOn, 14),
    products: JSON.stringify(productIds.map((productId) => ({ productId }))),
    move: move ? "1" : "",
  });
}

type Rows = { rows: Record<string, unknown>[] };

/**
 * The rows the write paths touch in the seeded stores, without generated ids and timestamps,
 * each table sorted: two complete runs of a scenario observe the same, and so do two "nothings".
 */
export async function observe(db: Db, seed: Seed): Promise<Record<string, Record<string, unknown>[]>> {
  const stores = sql.join(
    seed.storeIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const queries = {
    products: sql`select p.name, p.price_cents, p.status, c.name as category from product p
      left join category c on c.id = p.category_id where p.store_id in (${stores})
      order by p.store_id, p.name`,
    categories: sql`select name from category where store_id in (${stores}) order by store_id, name`,
    priceHistory: sql`select p.name, h.old_price_cents, h.new_price_cents, h.source from price_history h
      left join product p on p.id = h.product_id where h.store_id in (${stores})
      order by h.store_id, p.name, h.old_price_cents, h.new_price_cents`,
    activity: sql`select type, count(*)::int as entries from activity_log where store_id in (${stores})
      group by store_id, type order by store_id, type`,
    promotions: sql`select pr.name, pr.starts_on::text, pr.ends_on::text, p.name as product,
      pp.starts_on::text as product_starts_on, pp.ends_on::text as product_ends_on
      from promotion pr left join promotion_product pp on pp.promotion_id = pr.id
      left join product p on p.id = pp.product_id where pr.store_id in (${stores})
      order by pr.name, p.name, pp.starts_on`,
    snapshots: sql`select s.username, x.day::text, x.kind, x.product_count from price_snapshot x
      join store s on s.id = x.store_id where x.store_id in (${stores}) order by s.username, x.day, x.kind`,
    confirmations: sql`select s.username, c.day::text, c.status from price_confirmation c
      join store s on s.id = c.store_id where c.store_id in (${stores}) order by s.username, c.day`,
  };
  const observed: Record<string, Record<string, unknown>[]> = {};
  for (const [name, query] of Object.entries(queries)) {
    observed[name] = ((await db.execute(query)) as unknown as Rows).rows;
  }
  return observed;
}
