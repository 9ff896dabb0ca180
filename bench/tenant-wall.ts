// What the second tenancy wall costs (decision 0083): the same dashboard-sized statements
// through the plain database and through the store-scoped one (each statement in its own
// transaction as vitrina_tenant, the store id set), and a public-page statement through the public
// client (as vitrina_public, whose policies check that the store is public). Prints the median
// time per statement of each and their ratio, in batches, so a noisy machine shows in the spread.
//
//   npm run bench:tenant-wall -- [--products 5000] [--batches 15] [--statements 200]
//
// DATABASE_URL set → that PostgreSQL database (a throw-away one: the bench adds a store).
// Unset → PGlite in a temporary directory, deleted afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { and, count, eq } from "drizzle-orm";

const { values: flags } = parseArgs({
  options: {
    products: { type: "string", default: "5000" },
    batches: { type: "string", default: "15" },
    statements: { type: "string", default: "200" },
  },
});
const PRODUCTS = Math.min(100_000, Math.max(100, Number(flags.products)));
const BATCHES = Math.min(200, Math.max(3, Number(flags.batches)));
const STATEMENTS = Math.min(10_000, Math.max(10, Number(flags.statements)));

const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-bench-tenant-wall-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "warn";

const { startDatabase, closeDatabase } = await import("~/db/db.server");
const { product } = await import("~/db/schema/catalog");
const { seedBenchStore, insertBenchProducts } = await import("./seed-store");

const database = await startDatabase();
console.log(
  `database: ${database.kind}; tenancy wall: ${database.tenantWall() ? "on" : "OFF"}; load ${os.loadavg()[0]?.toFixed(1)}`,
);
const { store } = await seedBenchStore(database.db, {
  name: "Бенч ѕид",
  companyName: "Бенч ДООЕЛ",
  categories: ["Млечни"],
});
const ids = (
  await insertBenchProducts(database.db, PRODUCTS, (n) => ({
    storeId: store.id,
    name: `Производ ${n}`,
    priceCents: 100 + n,
  }))
).slice(0, STATEMENTS);

type Db = typeof database.db;
const clients: Record<string, Db> = {
  plain: database.db,
  "owner (vitrina_tenant)": database.forStore(store.id),
  "public (vitrina_public)": database.forPublic(),
};

/** One batch: a product read by id, then a page-count, as a dashboard or public page sends them. */
async function batch(db: Db): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < STATEMENTS; i++) {
    const id = ids[i % ids.length]!;
    if (i % 10 === 9) await db.select({ value: count() }).from(product).where(eq(product.storeId, store.id));
    else
      await db
        .select()
        .from(product)
        .where(and(eq(product.storeId, store.id), eq(product.id, id)));
  }
  return (performance.now() - started) / STATEMENTS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const times: Record<string, number[]> = Object.fromEntries(Object.keys(clients).map((name) => [name, []]));
for (const db of Object.values(clients)) await batch(db); // warm-up
for (let b = 0; b < BATCHES; b++) {
  // Interleaved, so a busy moment of the machine falls on every client alike.
  for (const [name, db] of Object.entries(clients)) times[name]!.push(await batch(db));
}

const plain = median(times.plain!);
console.log(`\n${PRODUCTS} products; ${BATCHES} batches of ${STATEMENTS} statements (1 in 10 a count)`);
console.log("client                    median ms/statement   min     max    ratio to plain");
for (const [name, values] of Object.entries(times)) {
  const m = median(values);
  console.log(
    `${name.padEnd(26)}${m.toFixed(3).padStart(10)}      ${Math.min(...values)
      .toFixed(3)
      .padStart(7)} ${Math.max(...values)
      .toFixed(3)
      .padStart(7)}   ${(m / plain).toFixed(2)}×`,
  );
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(" ")}`,
);
await closeDatabase();
rmSync(dataDir, { recursive: true, force: true });
