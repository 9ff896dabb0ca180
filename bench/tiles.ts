// Benchmark of "generate for all" (PRODUCT.md "Import image options"): seeds one store
// with N products without images (Cyrillic and Latin names, some long, eight categories), then
// draws and attaches a tile for each through generateTiles, as the import's images step does.
// Prints tiles per second, the total time, the stored bytes per tile and the process's peak RSS.
// Results go to docs/performance.md.
//
//   npm run bench:tiles -- [--products 3000] [--samples /tmp/tiles]
//
// DATABASE_URL set → that PostgreSQL database (a throw-away one: the bench adds a store).
// Unset → PGlite in a temporary directory; files go to a temporary folder; both deleted afterwards.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";

const { values: flags } = parseArgs({
  options: { products: { type: "string", default: "3000" }, samples: { type: "string" } },
});
const PRODUCTS = Math.min(50_000, Math.max(10, Number(flags.products)));

const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-bench-tiles-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "warn";

const { startDatabase, closeDatabase } = await import("~/db/db.server");
const { seedBenchStore, insertBenchProducts } = await import("./seed-store");
const { generateTiles } = await import("~/features/images/tiles.server");

const database = await startDatabase();
const db = database.db;
console.log(`database: ${database.kind}; seeding ${PRODUCTS} products…`);
const seeded = await seedBenchStore(db, {
  name: "Маркет Бенч",
  companyName: "Бенч ДООЕЛ Скопје",
  categories: ["Пекара", "Млечни", "Месо", "Овошје и зеленчук", "Пијалоци", "Слатки", "Хигиена", "Разно"],
});
const ownerId = seeded.ownerId;
const storeId = seeded.store.id;
const categories = seeded.categories;
const WORDS = ["Леб", "Млеко", "Јогурт", "Сирење", "Кафе", "Детергент за садови", "Šampon", "Qumësht"];
const BRANDS = ["Жито", "Бимилк", "Витаминка", "Скопско", "Тиквеш", "Nestlé", "Milka"];
const ids = await insertBenchProducts(db, PRODUCTS, (n) => {
  const long = n % 5 === 0 ? " со дополнителна заштита и природни состојки без конзерванси" : "";
  return {
    storeId,
    categoryId: categories[n % categories.length]!.id,
    name: `${WORDS[n % WORDS.length]} ${BRANDS[n % BRANDS.length]}${long} ${100 + (n % 900)} г №${n}`,
    priceCents: 100 + n,
  };
});

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);
const idleRss = process.memoryUsage().rss;
const started = performance.now();
const result = await generateTiles({ db, storeId, actor: { userId: ownerId } }, ids);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);

const uploads = path.join(dataDir, "uploads", "stores", storeId, "product");
const files = readdirSync(uploads);
const bytes = files.reduce((sum, file) => sum + statSync(path.join(uploads, file)).size, 0);
const mb = (value: number) => (value / 1024 / 1024).toFixed(0);
console.log(
  `tiles: ${JSON.stringify(result)} in ${seconds.toFixed(1)} s = ${(result.generated / seconds).toFixed(1)} tiles/s`,
);
console.log(
  `stored: ${files.length} files, ${(bytes / result.generated / 1024).toFixed(1)} KiB per tile (800 + 320)`,
);
console.log(
  `process RSS: idle ${mb(idleRss)} MB, peak ${mb(peakRss)} MB; cores: ${os.availableParallelism()}`,
);
if (flags.samples) {
  mkdirSync(flags.samples, { recursive: true });
  for (const file of files.filter((name) => name.endsWith("-800.webp")).slice(0, 12))
    copyFileSync(path.join(uploads, file), path.join(flags.samples, file));
  console.log(`samples: ${flags.samples}`);
}
await closeDatabase();
rmSync(dataDir, { recursive: true, force: true });
