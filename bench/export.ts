// Benchmark of the product export (decision 0037): seeds one store with N products (Cyrillic and Latin
// names, categories, barcodes, descriptions, net quantities), then streams the CSV and the .xlsx
// through the services the route uses, reading every byte as a download would. Prints the time to
// the last byte, the size, and the process's RSS before and at its peak. Results: docs/performance.md.
//
//   npm run bench:export -- [--products 20000]
//
// DATABASE_URL set → that PostgreSQL database (a throw-away one: the bench adds a store).
// Unset → PGlite in a temporary directory, deleted afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";

const { values: flags } = parseArgs({ options: { products: { type: "string", default: "20000" } } });
const PRODUCTS = Math.min(100_000, Math.max(10, Number(flags.products)));

const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-bench-export-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "warn";

const { startDatabase, closeDatabase } = await import("~/db/db.server");
const { seedBenchStore, insertBenchProducts } = await import("./seed-store");
const { openExport } = await import("~/features/export/product-export.server");
const { productCsvStream } = await import("~/features/export/product-export-csv.server");
const { productXlsxStream } = await import("~/features/export/product-export-xlsx.server");

const database = await startDatabase();
const db = database.db;
console.log(`database: ${database.kind}; seeding ${PRODUCTS} products…`);
const seeded = await seedBenchStore(db, {
  name: "Маркет Бенч",
  companyName: "Бенч ДООЕЛ Скопје",
  categories: ["Пекара", "Млечни", "Месо", "Пијалоци", "Хигиена"],
});
const ownerId = seeded.ownerId;
const storeId = seeded.store.id;
const categories = seeded.categories;
const WORDS = ["Леб", "Млеко", "Јогурт", "Сирење", "Кафе", "Šampon", "Qumësht", "Detergent"];
await insertBenchProducts(db, PRODUCTS, (n) => ({
  storeId,
  categoryId: categories[n % categories.length]!.id,
  name: `${WORDS[n % WORDS.length]} ${100 + (n % 900)} г №${n}`,
  description: n % 2 ? `Опис на производ ${n}, свеж` : null,
  priceCents: 100 + ((n * 37) % 200_000),
  regularPriceCents: n % 10 === 0 ? 300_000 : null,
  netQuantityMilli: n % 3 ? 500_000 : null,
  netUnit: n % 3 ? ("g" as const) : null,
  quantity: n % 50,
  barcode: n % 10 < 7 ? String(3_800_000_000_000 + n) : null,
}));

const ctx = { db, storeId, actor: { userId: ownerId } };
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
for (const format of ["csv", "xlsx", "csv", "xlsx"] as const) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  peak = before;
  const started = performance.now();
  const pages = await openExport(ctx);
  const stream = format === "csv" ? productCsvStream(pages, "mk") : productXlsxStream(pages, "mk");
  let bytes = 0;
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.byteLength;
  const ms = performance.now() - started;
  console.log(
    `${format}: ${PRODUCTS} products in ${ms.toFixed(0)} ms, ${(bytes / 1024 / 1024).toFixed(1)} MiB; RSS ${mb(before)} → peak ${mb(peak)} MB`,
  );
}
clearInterval(sampler);
await closeDatabase();
rmSync(dataDir, { recursive: true, force: true });
