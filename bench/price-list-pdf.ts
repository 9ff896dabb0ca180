// Benchmark of /{username}/price-list.pdf for a large store: seeds one store with
// 5,000 active products (names in Cyrillic and Latin, a category, barcode and description on most),
// then calls the real route loader in process: the first request of each language renders the PDF;
// later ones come from the per-version cache. Prints the render time (build of the list + pdfkit),
// the PDF's size and pages, and the time of a cached answer. Results go to docs/performance.md.
//
//   npm run bench:price-list-pdf -- [--products 5000] [--runs 50]
//
// DATABASE_URL set → that PostgreSQL database (a throw-away one: the bench adds a store).
// Unset → PGlite in a temporary directory, deleted afterwards.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { RouterContextProvider } from "react-router";

const { values: flags } = parseArgs({
  options: { products: { type: "string", default: "5000" }, runs: { type: "string", default: "50" } },
});
const PRODUCTS = Math.min(50_000, Math.max(10, Number(flags.products)));
const RUNS = Math.min(1000, Math.max(5, Number(flags.runs)));

const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-bench-pdf-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "warn";

const { startDatabase, closeDatabase } = await import("~/db/db.server");
const { searchKey } = await import("~/lib/transliterate");
const { buildPriceList } = await import("~/features/feeds/price-list.server");
const { renderPriceListPdf } = await import("~/features/pdf/price-list-pdf.server");
const pdfRoute = await import("~/routes/feeds/price-list-pdf");
const { insertBenchProducts, seedBenchStore } = await import("./seed-store");

const database = await startDatabase();
const db = database.db;
console.log(`database: ${database.kind}; seeding ${PRODUCTS} products…`);

const { categories, store: current } = await seedBenchStore(db, {
  name: "Маркет Бенч",
  companyName: "Бенч ДООЕЛ Скопје",
  categories: ["Пекара", "Млечни", "Месо", "Овошје и зеленчук", "Пијалоци", "Слатки", "Хигиена", "Pije"],
});
const WORDS = [
  "Леб",
  "Млеко",
  "Јогурт",
  "Сирење",
  "Кафе",
  "Чај",
  "Шеќер",
  "Ајвар",
  "Ѕвезда",
  "Šampon",
  "Kafe",
];
const BRANDS = ["Жито", "Бимилк", "Витаминка", "Скопско", "Тиквеш", "Nestlé", "Milka"];
await insertBenchProducts(db, PRODUCTS, (n) => {
  const name = `${WORDS[n % WORDS.length]} ${BRANDS[n % BRANDS.length]} ${100 + (n % 900)} г №${n}`;
  const description = n % 2 ? `${WORDS[(n + 3) % WORDS.length]} од ${BRANDS[(n + 1) % BRANDS.length]}` : null;
  const barcode = n % 10 < 7 ? String(3_800_000_000_000 + n) : null;
  const priceCents = (20 + ((n * 37) % 2000)) * 100;
  return {
    storeId: current.id,
    categoryId: categories[n % categories.length]!.id,
    name,
    description,
    priceCents,
    regularPriceCents: n % 10 === 0 ? priceCents + 2000 : null,
    availability: "in_stock" as const,
    status: "active" as const,
    barcode,
    searchText: searchKey([name, description ?? "", barcode ?? ""].join(" ")),
  };
});

const ms = (start: number) => performance.now() - start;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// The parts of one render, three times (no cache involved).
const listTimes: number[] = [];
const renderTimes: number[] = [];
let pdf: Buffer = Buffer.alloc(0);
for (let i = 0; i < 3; i++) {
  let started = performance.now();
  const list = await buildPriceList(db, current!);
  listTimes.push(ms(started));
  started = performance.now();
  pdf = await renderPriceListPdf(list, "mk", new Date());
  renderTimes.push(ms(started));
}
const file = path.join(dataDir, "list.pdf");
writeFileSync(file, pdf);
const pages = /Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString())?.[1];

// Through the route: the first request renders and caches, the rest are cache hits.
const request = () =>
  pdfRoute.loader({
    request: new Request(`http://localhost/${current!.username}/price-list.pdf`),
    params: { username: current!.username },
    context: new RouterContextProvider(),
  } as never) as Promise<Response>;
// What every other request of the process sees meanwhile: a timer due every 10 ms, and the longest
// it waited for the event loop while the first request listed and rendered.
let longestPause = 0;
let lastTick = performance.now();
const ticker = setInterval(() => {
  const at = performance.now();
  longestPause = Math.max(longestPause, at - lastTick - 10);
  lastTick = at;
}, 10);
let started = performance.now();
const first = await request();
const firstBytes = (await first.arrayBuffer()).byteLength;
const firstMs = ms(started);
await new Promise((resolve) => setTimeout(resolve, 30));
clearInterval(ticker);
const hits: number[] = [];
for (let i = 0; i < RUNS; i++) {
  started = performance.now();
  await (await request()).arrayBuffer();
  hits.push(ms(started));
}
const heapMb = process.memoryUsage().rss / 1024 / 1024;

console.log(`products: ${PRODUCTS} (active), pages: ${pages}, size: ${(pdf.length / 1024).toFixed(0)} KiB`);
console.log(
  `list from the database: median ${median(listTimes).toFixed(0)} ms (${listTimes.map((t) => t.toFixed(0)).join(", ")})`,
);
console.log(
  `pdfkit render: median ${median(renderTimes).toFixed(0)} ms (${renderTimes.map((t) => t.toFixed(0)).join(", ")})`,
);
console.log(
  `route, first request (render + cache): ${firstMs.toFixed(0)} ms, ${(firstBytes / 1024).toFixed(0)} KiB`,
);
console.log(
  `event loop, longest pause during the first request: ${longestPause.toFixed(0)} ms (a 10 ms timer's wait)`,
);
console.log(
  `route, cached: median ${median(hits).toFixed(2)} ms, max ${Math.max(...hits).toFixed(2)} ms over ${RUNS} requests`,
);
console.log(`process RSS after: ${heapMb.toFixed(0)} MB`);

await closeDatabase();
rmSync(dataDir, { recursive: true, force: true });
