// `npm run bench:write-stalls` (decision 0107): what a 20,000-row import and a bulk
// +10 % on the same store do to everyone else in the process, and what ANALYZE changes afterwards.
// While each write runs, a visitor asks for another store every 20 ms (a one-row query, like a
// public page's first) and the event loop's longest stall is measured. Then the public reads of the
// grown store (a page of its list, its count, a search, the feed's list) are timed with the
// statistics the tables had, and again after ANALYZE of the tables the writes touched.
//
//   npm run bench:write-stalls -- [--rows 20000]
//   DATABASE_URL=postgres://…/throwaway npm run bench:write-stalls

import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/db/client.server";
import { bulkActionSchema } from "../app/features/catalog/product-bulk.schema";
import { runBulkAction } from "../app/features/catalog/product-bulk.server";
import {
  countPublicProducts,
  publicProductsQuery,
} from "../app/features/catalog/public-products.queries.server";
import { buildPriceList } from "../app/features/feeds/price-list.server";
import { commitImport } from "../app/features/import/commit.server";
import type { ImportRow } from "../app/features/import/rows";
import { getPublicStore } from "../app/features/stores/public-store.server";
import { getStoreByUsername } from "../app/features/stores/store.server";
import { createTestStore } from "../tests/support/test-db";

const { values: args } = parseArgs({ options: { rows: { type: "string", default: "20000" } } });
const rows = Number(args.rows);
const url = process.env.DATABASE_URL || null;
const dir = mkdtempSync(path.join(tmpdir(), "vitrina-write-stalls-"));
const database = await openDatabase({ url, dataDir: path.join(dir, "pglite") });
const ms = (value: number) => `${value.toFixed(0)} ms`;
const rss = () => `RSS ${(process.memoryUsage.rss() / 1024 / 1024).toFixed(0)} MB`;

/** Runs `write` while a visitor reads another store every 20 ms; the write's time, the loop's longest stall, the visitor's slowest answer. */
async function underVisitors(label: string, visited: string, write: () => Promise<unknown>) {
  // The loop's longest gap between two 5 ms ticks (a histogram would miss the last, unreported stall).
  let last = performance.now();
  let stall = 0;
  const ticks = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 5);
  const answers: number[] = [];
  let running = true;
  const visitor = (async () => {
    while (running) {
      const at = performance.now();
      await getPublicStore(database.forPublic(), visited);
      answers.push(performance.now() - at);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const at = performance.now();
  await write();
  const took = performance.now() - at;
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(ticks);
  running = false;
  await visitor;
  answers.sort((a, b) => a - b);
  console.log(
    `${label}: ${ms(took)}; event loop's longest stall ${ms(stall)}; ` +
      `visitor answers ${answers.length}, slowest ${ms(answers.at(-1) ?? 0)}; ${rss()}`,
  );
}

async function timed(run: () => PromiseLike<unknown>): Promise<number> {
  const at = performance.now();
  await run();
  return performance.now() - at;
}

async function publicReads(storeId: string, username: string) {
  const store = (await getStoreByUsername(database.db, username))!;
  const db = database.forPublic();
  const reads: Record<string, () => PromiseLike<unknown>> = {
    "page 1 of the list": () => publicProductsQuery(db, storeId).limit(24),
    "page 40 of the list": () =>
      publicProductsQuery(db, storeId)
        .limit(24)
        .offset(24 * 39),
    count: () => countPublicProducts(db, storeId),
    "search «производ 19»": () =>
      publicProductsQuery(db, storeId, { filters: { q: "производ 19" } }).limit(24),
    "the feed's list (all products)": () => buildPriceList(db, store),
  };
  const result: Record<string, number> = {};
  for (const [name, read] of Object.entries(reads)) {
    await read(); // warm
    const runs = [await timed(read), await timed(read), await timed(read)].sort((a, b) => a - b);
    result[name] = runs[1]!;
  }
  return result;
}

async function estimates() {
  const result = await database.db.execute<{ relname: string; reltuples: number }>(
    sql`select relname, reltuples from pg_class where relname in ('product', 'price_history', 'activity_log') order by relname`,
  );
  return (result as unknown as { rows: { relname: string; reltuples: number }[] }).rows
    .map((row) => `${row.relname} ${row.reltuples}`)
    .join(", ");
}

try {
  console.log(`${url ? "PostgreSQL" : "PGlite"}, ${rows} rows, load average ${loadavg()[0]!.toFixed(1)}`);
  await database.migrate();
  console.log(`migrated: ${rss()}`);
  const other = await createTestStore(database);
  const shop = await createTestStore(database);
  const importRows: ImportRow[] = Array.from({ length: rows }, (_, i) => ({
    line: i + 2,
    name: `Производ ${i}`,
    priceCents: 1000 + (i % 500) * 10,
    category: `Категорија ${i % 20}`,
  }));
  await underVisitors(`import of ${rows} rows`, other.username, () => commitImport(shop.ctx, importRows));
  const input = (plan: string) =>
    bulkActionSchema.parse({ action: "pricePercent", scope: "all", query: "", value: "10", plan });
  await underVisitors("bulk +10 % (preview and confirm)", other.username, async () => {
    const preview = (await runBulkAction(shop.ctx, input(""))) as { preview: { plan: string } };
    const done = (await runBulkAction(shop.ctx, input(preview.preview.plan))) as { count?: number };
    if (done.count !== rows) throw new Error(`changed ${JSON.stringify(done)}`);
  });
  console.log(`estimates before ANALYZE: ${await estimates()}`);
  const before = await publicReads(shop.storeId, shop.username);
  const analyzeMs = await timed(() =>
    database.db.execute(sql`analyze product, price_history, activity_log, category`),
  );
  console.log(`ANALYZE product, price_history, activity_log, category: ${ms(analyzeMs)}; ${rss()}`);
  console.log(`estimates after ANALYZE: ${await estimates()}`);
  const after = await publicReads(shop.storeId, shop.username);
  console.log("public read (median of 3) | before ANALYZE | after");
  for (const name of Object.keys(before)) console.log(`${name} | ${ms(before[name]!)} | ${ms(after[name]!)}`);
  console.log(`load average after: ${loadavg()[0]!.toFixed(1)}`);
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
