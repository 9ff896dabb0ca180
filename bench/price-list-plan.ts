// What the database spends on the public product query before it reads a row: seeds one store
// with a second point of sale, 4 products (one with the point's own price and a change of it, one
// left out there) and a running promotion, then runs EXPLAIN (ANALYZE, SUMMARY) of the store's list
// and of each point of sale's list (publicProductsQuery, decision 0023), and prints the statement's
// size and the median planning and execution time. Results go to docs/performance.md.
//
//   npm run bench:price-list-plan -- [--runs 20] [--print-sql]
//
// DATABASE_URL set → that PostgreSQL database (a throw-away one: the bench adds a store).
// Unset → PGlite in a temporary directory, deleted afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type SQLWrapper, sql } from "drizzle-orm";

const { values: flags } = parseArgs({
  options: { runs: { type: "string", default: "20" }, "print-sql": { type: "boolean", default: false } },
});
const RUNS = Math.min(500, Math.max(3, Number(flags.runs)));

const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-bench-plan-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "warn";

const { startDatabase, closeDatabase } = await import("~/db/db.server");
const { createProduct } = await import("~/features/catalog/product.server");
const { productInput } = await import("~/features/catalog/product.test-support");
const { publicProductsQuery } = await import("~/features/catalog/public-products.queries.server");
const { createPointOfSale, listPointsOfSale } = await import(
  "~/features/points-of-sale/point-of-sale.server"
);
const { excludeProduct, setOverride } = await import("~/features/points-of-sale/overrides.server");
const { savePromotion } = await import("~/features/promotions/promotion.server");
const { promotionInput, upcoming } = await import("~/features/promotions/promotion.test-support");
const { testAddress } = await import("~/features/points-of-sale/points-of-sale.test-support");
const { insertBenchOwners } = await import("./seed-store");

const database = await startDatabase();
console.log(`database: ${database.kind}; tenancy wall: ${database.tenantWall()}`);

const [seeded] = await insertBenchOwners(database.db, [
  { store: { name: "План", companyName: "План ДООЕЛ" } },
]);
const storeId = seeded!.store.id;
const ctx = { db: database.forStore(storeId), storeId, actor: { userId: seeded!.owner.id } };
const [main] = await listPointsOfSale(ctx);
const tetovo = await createPointOfSale(ctx, { name: "Тетово", address: testAddress(), phone: null });
const product = (name: string, price: string) => createProduct(ctx, productInput({ name, price }));
const milk = await product("Млеко", "80");
const bread = await product("Леб", "40");
const cheese = await product("Сирење", "300");
await product("Јајца", "9");
await setOverride(ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 8_500 });
await setOverride(ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 8_900 });
await excludeProduct(ctx, tetovo.id, cheese.id);
await savePromotion(ctx, promotionInput([{ productId: milk.id }, { productId: bread.id }]));
const at = new Date(`${upcoming(2)}T10:00:00Z`);

// Each through the connection the app reads it with: the visitors' (the public page, the feeds)
// and the owner's (the dashboard, the API, the day-end archive), behind the tenancy wall's policies
// (decision 0083), which the planner expands at every reference to a table.
const publicDb = database.forPublic();
const lists: [string, typeof publicDb, SQLWrapper & { toSQL(): { sql: string; params: unknown[] } }][] = [
  ["the store's list (visitor)", publicDb, publicProductsQuery(publicDb, storeId, { at })],
  ["the store's list (owner)", ctx.db, publicProductsQuery(ctx.db, storeId, { at })],
  [
    "the main point of sale (visitor)",
    publicDb,
    publicProductsQuery(publicDb, storeId, { at, pointOfSaleId: main!.id }),
  ],
  [
    "a second point of sale (visitor)",
    publicDb,
    publicProductsQuery(publicDb, storeId, { at, pointOfSaleId: tetovo.id }),
  ],
  [
    "a second point of sale (owner)",
    ctx.db,
    publicProductsQuery(ctx.db, storeId, { at, pointOfSaleId: tetovo.id }),
  ],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (values: number[]) =>
  `median ${median(values).toFixed(1)} ms (min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)})`;

type PlanNode = { Plans?: PlanNode[]; "Actual Rows": number };
type Explained = { "Planning Time": number; "Execution Time": number; Plan: PlanNode };
/** The plan's nodes: a figure of the planner's work that, unlike its time, does not move with the machine's load. */
const nodesOf = (node: PlanNode): number =>
  1 + (node.Plans ?? []).reduce((sum, child) => sum + nodesOf(child), 0);

for (const [name, db, query] of lists) {
  const statement = query.toSQL();
  if (flags["print-sql"])
    console.log(`\n-- ${name}\n${statement.sql}\n-- params: ${JSON.stringify(statement.params)}`);
  const planning: number[] = [];
  const execution: number[] = [];
  let last: Explained | undefined;
  for (let run = 0; run < RUNS; run++) {
    const result = await db.execute(sql`explain (analyze, summary, format json) ${query}`);
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
    // node-postgres gives the JSON parsed, PGlite as text.
    const value = Object.values(row)[0];
    [last] = (typeof value === "string" ? JSON.parse(value) : value) as [Explained];
    planning.push(last!["Planning Time"]);
    execution.push(last!["Execution Time"]);
  }
  console.log(
    `${name}: ${statement.sql.length.toLocaleString("en")} characters, ${statement.params.length} params, ` +
      `${nodesOf(last!.Plan)} plan nodes, ${last!.Plan["Actual Rows"]} rows\n` +
      `  planning ${ms(planning)}, execution ${ms(execution)} over ${RUNS} runs`,
  );
}

await closeDatabase();
rmSync(dataDir, { recursive: true, force: true });
