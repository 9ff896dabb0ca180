// Benchmark of the catalogue screens at scale: seeds one store with 20,000 products (and
// 60,000 activity rows), then calls the real route loaders of /dashboard/products and
// /dashboard/activity in process, as the signed-in owner, for a search, each filter and each sort,
// and prints the median and p95 server time. Results go to docs/performance.md.
//
//   npm run bench:catalogue -- [--products 20000] [--runs 60] [--explain]
//
// DATABASE_URL set → that PostgreSQL database (give it a throw-away one: the bench adds a store).
// Unset → PGlite in a temporary directory, deleted afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";

const { values: flags } = parseArgs({
  options: {
    products: { type: "string", default: "20000" },
    runs: { type: "string", default: "60" },
    explain: { type: "boolean", default: false },
  },
});
const PRODUCTS = Math.min(200_000, Math.max(100, Number(flags.products)));
const RUNS = Math.min(1000, Math.max(5, Number(flags.runs)));

const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-bench-catalogue-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "warn";

const { startDatabase, closeDatabase } = await import("~/db/db.server");
const { activityLog } = await import("~/db/schema/activity");
const { sessionContext } = await import("~/auth/session.server");
const { searchKey } = await import("~/lib/transliterate");
const { productPageQuery, productCountQuery } = await import("~/features/catalog/product.queries.server");
const { parseProductListParams } = await import("~/features/catalog/product-list-params");
const productsRoute = await import("~/routes/dashboard/products");
const activityRoute = await import("~/routes/dashboard/activity");
const { insertBenchProducts, seedBenchStore } = await import("./seed-store");

const database = await startDatabase();
const db = database.db;
console.log(`database: ${database.kind}; seeding ${PRODUCTS} products…`);

// --- seed -------------------------------------------------------------------------------------
const {
  ownerId,
  store: benchStore,
  categories,
} = await seedBenchStore(db, {
  name: "Бенч",
  companyName: "Бенч ДООЕЛ",
  categories: [
    "Пекара",
    "Млечни",
    "Месо",
    "Овошје",
    "Зеленчук",
    "Пијалоци",
    "Слатки",
    "Хигиена",
    "Домаќинство",
    "Замрзнато",
    "Конзерви",
    "Зачини",
    "Кафе",
    "Чај",
    "Бебешки",
    "Миленици",
    "Алкохол",
    "Тестенини",
    "Ориз",
    "Масла",
  ],
});
const storeId = benchStore.id;

const WORDS = [
  "Леб",
  "Млеко",
  "Јогурт",
  "Сирење",
  "Кафе",
  "Чај",
  "Шеќер",
  "Брашно",
  "Ориз",
  "Масло",
  "Сок",
  "Вода",
  "Чоколадо",
  "Бисквити",
  "Ајвар",
  "Џем",
  "Ѕвезда",
  "Јаболка",
  "Банани",
  "Домати",
  "Пиперки",
  "Kafe",
  "Pivo",
  "Vino",
  "Sapun",
  "Šampon",
  "Deterdžent",
  "Кашкавал",
  "Павлака",
  "Путер",
];
const BRANDS = [
  "Жито",
  "Бимилк",
  "Витаминка",
  "Скопско",
  "Тиквеш",
  "Пелистер",
  "Nestlé",
  "Milka",
  "Ariel",
  "Колинска",
];
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
await insertBenchProducts(db, PRODUCTS, (n) => {
  const name = `${pick(WORDS)} ${pick(BRANDS)} ${100 + (n % 900)} г №${n}`;
  const description = random() < 0.5 ? `${pick(WORDS)} од ${pick(BRANDS)}, квалитетен производ` : null;
  const barcode = random() < 0.7 ? String(3_800_000_000_000 + n) : null;
  const priceCents = Math.round(20 + random() * 2000) * 100;
  return {
    storeId,
    categoryId: random() < 0.9 ? pick(categories).id : null,
    name,
    description,
    priceCents,
    regularPriceCents: random() < 0.1 ? priceCents + 2000 : null,
    quantity: Math.floor(random() * 200),
    availability: random() < 0.85 ? ("in_stock" as const) : ("out_of_stock" as const),
    status: random() < 0.9 ? ("active" as const) : ("inactive" as const),
    barcode,
    imageUrl: random() < 0.6 ? `/media/products/${n}.webp` : null,
    searchText: searchKey([name, description ?? "", barcode ?? ""].join(" ")),
    updatedAt: new Date(Date.now() - Math.floor(random() * 90 * 86_400_000)),
  };
});
// 60,000 activity rows over 90 days, in SQL (the loader reads them; their content matters less).
await db.execute(sql`
  insert into ${activityLog} (store_id, type, details, search_text, category_id, created_at)
  select ${storeId}::uuid,
         (array['product_added','product_updated','price_updated','price_update_skipped'])[1 + g % 4],
         jsonb_build_object('name', 'Производ ' || g, 'oldPriceCents', 10000, 'newPriceCents', 11000),
         'proizvod ' || g, null, now() - (g || ' minutes')::interval
  from generate_series(1, 60000) g`);
await db.execute(sql`analyze`);

// --- measure ----------------------------------------------------------------------------------
const context = new RouterContextProvider();
context.set(sessionContext, {
  id: ownerId,
  email: "bench@example.test",
  name: "Bench",
  onboarded: true,
  role: "user",
});
type Loader = (args: {
  request: Request;
  context: RouterContextProvider;
  params: object;
}) => Promise<unknown>;

async function time(loader: Loader, url: string): Promise<{ median: number; p95: number }> {
  const call = () =>
    loader({
      request: new Request(`http://localhost${url}`, { headers: { cookie: "lang=mk" } }),
      context,
      params: {},
    });
  for (let i = 0; i < 5; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95) };
}

const someCategory = categories[3]!.id;
const PRODUCT_CASES: [string, string][] = [
  ["default (name ↑, 25 rows)", "/dashboard/products"],
  ["search Latin 'mleko'", "/dashboard/products?q=mleko"],
  ["search Cyrillic 'шеќер'", "/dashboard/products?q=%D1%88%D0%B5%D1%9C%D0%B5%D1%80"],
  ["search rare 'витаминка 777'", "/dashboard/products?q=vitaminka+777"],
  ["search barcode digits", "/dashboard/products?q=3800000012345"],
  ["search 2 letters 'ka'", "/dashboard/products?q=ka"],
  ["filter category", `/dashboard/products?category=${someCategory}`],
  ["filter uncategorised", "/dashboard/products?category=none"],
  ["filter status inactive", "/dashboard/products?status=inactive"],
  ["filter out of stock", "/dashboard/products?stock=out"],
  ["filter on promotion", "/dashboard/products?promo=1"],
  ["filter without image", "/dashboard/products?noImage=1"],
  ["sort name ↓", "/dashboard/products?sort=name&dir=desc"],
  ["sort price ↑", "/dashboard/products?sort=price"],
  ["sort price ↓", "/dashboard/products?sort=price&dir=desc"],
  ["sort quantity ↑", "/dashboard/products?sort=quantity"],
  ["sort last updated ↓", "/dashboard/products?sort=updated"],
  ["100 rows, page 50", "/dashboard/products?size=100&page=50"],
  ["search + filter + sort", `/dashboard/products?q=leb&status=active&stock=in&sort=price&dir=desc`],
];
const ACTIVITY_CASES: [string, string][] = [
  ["activity: newest first", "/dashboard/activity"],
  ["activity: type filter", "/dashboard/activity?type=price_updated"],
  ["activity: product search", "/dashboard/activity?q=proizvod+5999"],
  ["activity: date range", "/dashboard/activity?from=2020-01-01&to=2999-12-31&page=20"],
];

const results: string[] = ["| case | median ms | p95 ms |", "| --- | ---: | ---: |"];
for (const [label, url] of PRODUCT_CASES) {
  const r = await time(productsRoute.loader as unknown as Loader, url);
  results.push(`| ${label} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} |`);
}
for (const [label, url] of ACTIVITY_CASES) {
  const r = await time(activityRoute.loader as unknown as Loader, url);
  results.push(`| ${label} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} |`);
}
console.log(`\n${database.kind}, ${PRODUCTS} products, ${RUNS} runs per case (after 5 warm-up runs)\n`);
console.log(results.join("\n"));

if (flags.explain) {
  for (const [label, url] of PRODUCT_CASES) {
    const params = parseProductListParams(new URL(`http://x${url}`).searchParams);
    for (const [kind, query] of [
      ["page", productPageQuery(db, storeId, params)],
      ["count", productCountQuery(db, storeId, params)],
    ] as const) {
      const plan = await db.execute(sql`explain analyze ${query}`);
      const rows = (Array.isArray(plan) ? plan : (plan as { rows: unknown[] }).rows) as Record<
        string,
        string
      >[];
      console.log(`\n## ${label} — ${kind}\n${rows.map((row) => Object.values(row)[0]).join("\n")}`);
    }
  }
}

await closeDatabase();
rmSync(dataDir, { recursive: true, force: true });
