// Benchmark of the REST API's batch price update (the target: a batch of 1,000 price updates commits
// in under 1 s on PostgreSQL). Seeds a store with --products products (external ids and barcodes),
// makes a token, then sends --runs batches of 1,000 new prices through the /api/v1 handler — the
// same Request → Response path the server mounts, auth, parsing, the transaction with price history
// and activity — alternating between matching by external id and by barcode. Prints the median and
// p95 of the whole request and of the commit alone. Results: docs/performance.md "REST API".
//
//   npm run bench:api -- [--products 10000] [--runs 15]
//
// DATABASE_URL set → that PostgreSQL database (a throw-away one: the bench adds a store).
// Unset → PGlite in a temporary directory, deleted afterwards.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";

const { values: flags } = parseArgs({
  options: { products: { type: "string", default: "10000" }, runs: { type: "string", default: "15" } },
});
const PRODUCTS = Math.min(200_000, Math.max(1000, Number(flags.products)));
const RUNS = Math.min(200, Math.max(3, Number(flags.runs)));
const BATCH = 1000;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-bench-api-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "warn";

const { startDatabase, closeDatabase } = await import("~/db/db.server");
const { user } = await import("~/db/schema/auth");
const { store } = await import("~/db/schema/stores");
const { product } = await import("~/db/schema/catalog");
const { createApiHandler } = await import("~/features/api/api-handler.server");
const { createApiToken } = await import("~/features/api/api-token.server");
const { writeApiPrices, writeApiProducts } = await import("~/features/api/api-writes.server");

const database = await startDatabase();
const db = database.db;
const ownerId = randomUUID();
await db
  .insert(user)
  .values({ id: ownerId, name: "Bench", email: `bench-${ownerId}@example.test`, emailVerified: true });
const [row] = await db
  .insert(store)
  .values({
    ownerId,
    username: `bench-${ownerId.slice(0, 8)}`,
    name: "Bench",
    phone: "+38971000000",
    companyName: "Bench DOOEL",
  })
  .returning();
const ctx = { db, storeId: row!.id, actor: { userId: ownerId } };
console.log(`database: ${database.kind}; seeding ${PRODUCTS} products…`);

function ean(n: number): string {
  const body = `531${String(n).padStart(9, "0")}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
const seeded = performance.now();
for (let start = 0; start < PRODUCTS; start += BATCH) {
  const items = Array.from({ length: Math.min(BATCH, PRODUCTS - start) }, (_, i) => ({
    externalId: `ART-${start + i}`,
    barcode: ean(start + i),
    name: `Производ ${start + i}`,
    priceCents: 10_000 + start + i,
  }));
  await writeApiProducts(ctx, items, { tokenName: "seed" });
}
console.log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

const { secret } = await createApiToken(
  ctx,
  { name: "bench", scopes: ["write_prices"] },
  { email: "bench@example.test" },
);
const handler = createApiHandler({ db: () => db, now: () => new Date(), limiter: { allow: () => true } });

const request: number[] = [];
const commit: number[] = [];
for (let run = 0; run < RUNS; run++) {
  // A different 1,000 products each run, every price changed.
  const first = (run * BATCH) % (PRODUCTS - BATCH + 1);
  const byBarcode = run % 2 === 1;
  const items = Array.from({ length: BATCH }, (_, i) => ({
    ...(byBarcode ? { barcode: ean(first + i) } : { externalId: `ART-${first + i}` }),
    priceCents: 20_000 + run * 10 + i,
  }));
  const body = JSON.stringify({ items });
  const started = performance.now();
  const answer = await handler(
    new Request("http://localhost/api/v1/prices/batch", {
      method: "POST",
      headers: {
        authorization: `Bearer ${secret}`,
        "content-type": "application/json",
        "idempotency-key": randomUUID(),
      },
      body,
    }),
  );
  const text = await answer.text();
  request.push(performance.now() - started);
  if (answer.status !== 200) throw new Error(`run ${run}: ${answer.status} ${text.slice(0, 300)}`);
  const counts = JSON.parse(text).counts;
  if (counts.updated !== BATCH) throw new Error(`run ${run}: ${JSON.stringify(counts)}`);
  // The write alone (the service's transaction), without HTTP parsing: the same items again +1.
  const again = items.map((item) => ({ ...item, priceCents: item.priceCents + 1 }));
  const writeStarted = performance.now();
  await writeApiPrices(ctx, again, { tokenName: "bench" });
  commit.push(performance.now() - writeStarted);
}

const history = await db.$count(product, eq(product.storeId, ctx.storeId));
const stat = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)]!,
    p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!,
  };
};
const r = stat(request);
const c = stat(commit);
console.log(
  `\n| 1,000 price updates (${PRODUCTS} products, ${RUNS} runs, ${database.kind}) | median ms | p95 ms |`,
);
console.log("| --- | --- | --- |");
console.log(
  `| POST /api/v1/prices/batch (auth, JSON, idempotency key, transaction) | ${r.median.toFixed(0)} | ${r.p95.toFixed(0)} |`,
);
console.log(
  `| the write's transaction alone (writeProducts) | ${c.median.toFixed(0)} | ${c.p95.toFixed(0)} |`,
);
console.log(`(${history} products in the store)`);

await closeDatabase();
rmSync(dataDir, { recursive: true, force: true });
