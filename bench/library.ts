// Benchmark of the shared image library's search (decision 0057): seeds 20,000 entries (names in
// Cyrillic with their Latin spellings, barcodes, twenty categories), then times searchLibrary — the
// query /dashboard/image-gallery runs — for a Cyrillic word, its Latin spelling, a barcode and a
// category, and the picker's best matches for a product name; prints median and p95 and EXPLAIN
// ANALYZE of each, to show the indexes at work. Results: docs/performance.md "Image library".
//
//   npm run bench:library -- [--entries 20000] [--runs 50]
//
// DATABASE_URL set → that PostgreSQL database (a throw-away one: the bench adds rows).
// Unset → PGlite in a temporary directory, deleted afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";

const { values: flags } = parseArgs({
  options: { entries: { type: "string", default: "20000" }, runs: { type: "string", default: "50" } },
});
const ENTRIES = Math.min(200_000, Math.max(100, Number(flags.entries)));
const RUNS = Math.min(1000, Math.max(5, Number(flags.runs)));

const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-bench-library-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "warn";

const { startDatabase, closeDatabase } = await import("~/db/db.server");
const { libraryImage } = await import("~/db/schema/library");
const { searchLibrary } = await import("~/features/library/library.queries.server");
const { bestLibraryMatch, suggestLibraryImages } = await import("~/features/library/library-match.server");
const { searchKey, cyrillicToLatin } = await import("~/lib/transliterate");

const database = await startDatabase();
const db = database.db;
console.log(`database: ${database.kind}; seeding ${ENTRIES} library entries…`);

// biome-ignore format: a table reads better one group a line
const KINDS = ["Млеко", "Јогурт", "Сирење", "Кашкавал", "Леб", "Кифли", "Сок", "Вода", "Пиво", "Вино", "Кафе", "Чај",
  "Чоколадо", "Бисквити", "Чипс", "Брашно", "Шеќер", "Ориз", "Тестенини", "Масло", "Шампон", "Сапун", "Детергент",
  "Паста за заби", "Таблети", "Сируп", "Витамини", "Крем", "Салама", "Виршли"];
// biome-ignore format: a table reads better one group a line
const BRANDS = ["Бимилк", "Здравје", "Жито", "Витаминка", "Скопско", "Тиквеш", "Пелистерка", "Алкалоид", "Нивеа",
  "Кроко", "Суноко", "Бимал", "Зеленгора", "Европа", "Мак", "Охридска", "Вардар", "Пелагонија", "Струмица", "Дојран"];
const SIZES = ["100 г", "200 г", "250 г", "500 г", "1 кг", "0,5 л", "1 л", "1,5 л", "2 л", "20 парчиња"];
const CATEGORIES = Array.from({ length: 20 }, (_, i) => `Категорија ${cyrillicToLatin(BRANDS[i]!)}`);

const seedStarted = performance.now();
const BATCH = 1000;
for (let start = 0; start < ENTRIES; start += BATCH) {
  const rows = Array.from({ length: Math.min(BATCH, ENTRIES - start) }, (_, i) => {
    const n = start + i;
    const name = `${KINDS[n % KINDS.length]} ${BRANDS[Math.floor(n / KINDS.length) % BRANDS.length]} ${SIZES[n % SIZES.length]} ${n}`;
    const nameLatin = cyrillicToLatin(name);
    const category = CATEGORIES[n % CATEGORIES.length]!;
    return {
      name,
      nameLatin,
      barcode: `531${String(n).padStart(9, "0")}${n % 10}`,
      category,
      categoryKey: searchKey(category),
      imageKey: `library/${n.toString(16).padStart(24, "0")}`,
      width: 800,
      height: 800,
      searchText: searchKey(`${name} ${nameLatin}`),
      fingerprint: `bench-${n}`,
      source: "import" as const,
    };
  });
  await db.insert(libraryImage).values(rows);
}
await db.execute(sql`analyze library_image`);
console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`);

type Case = { label: string; run: () => Promise<unknown>; explain: ReturnType<typeof sql> };
const key = (q: string) => searchKey(q);
const likeOf = (q: string) => `%${key(q)}%`;
const cases: Case[] = [
  {
    label: 'name, Cyrillic "млеко бимилк"',
    run: () => searchLibrary(db, { q: "млеко бимилк", category: "", page: 1 }),
    explain: sql`select id from library_image where search_text ilike ${likeOf("млеко")} and search_text ilike ${likeOf("бимилк")} order by similarity(search_text, ${key("млеко бимилк")}) desc, name_order collate "C", id limit 24`,
  },
  {
    label: 'name, Latin "mleko bimilk"',
    run: () => searchLibrary(db, { q: "mleko bimilk", category: "", page: 1 }),
    explain: sql`select id from library_image where search_text ilike ${likeOf("mleko")} and search_text ilike ${likeOf("bimilk")} order by similarity(search_text, ${key("mleko bimilk")}) desc, name_order collate "C", id limit 24`,
  },
  {
    label: "name, rare word (one hit)",
    run: () => searchLibrary(db, { q: "19999", category: "", page: 1 }),
    explain: sql`select id from library_image where search_text ilike '%19999%' limit 24`,
  },
  {
    label: "barcode 5310000123453",
    run: () => searchLibrary(db, { q: "5310000123453", category: "", page: 1 }),
    explain: sql`select id from library_image where barcode = '5310000123453' order by name_order collate "C", id limit 24`,
  },
  {
    label: "category, page 3",
    run: () => searchLibrary(db, { q: "", category: CATEGORIES[3]!, page: 3 }),
    explain: sql`select id from library_image where category_key = ${searchKey(CATEGORIES[3]!)} order by name_order collate "C", id limit 24 offset 48`,
  },
  {
    label: "no filter, page 1 (by name)",
    run: () => searchLibrary(db, { q: "", category: "", page: 1 }),
    explain: sql`select id from library_image order by name_order collate "C", id limit 24`,
  },
  {
    label: "picker: best matches for a product",
    run: () => suggestLibraryImages(db, { name: "Млеко Бимилк 1 л", barcode: "5310000000017" }),
    explain: sql`select id, similarity(search_text, ${key("Млеко Бимилк 1 л")}) from library_image where barcode = '5310000000017' or (search_text ilike '%mleko%' and search_text ilike '%bimilk%') order by 2 desc limit 6`,
  },
  {
    label: "picker: a name the library lacks",
    run: () => suggestLibraryImages(db, { name: "Шрафови М6 100 парчиња" }),
    explain: sql`select id, similarity(search_text, ${key("Шрафови М6 100 парчиња")}) from library_image where search_text % ${key("Шрафови М6 100 парчиња")} order by 2 desc limit 6`,
  },
  {
    label: "import: best match at the 0.6 threshold",
    run: () => bestLibraryMatch(db, { name: "Јогурт Бимилк 200 г" }),
    explain: sql`select id, similarity(search_text, ${key("Јогурт Бимилк 200 г")}) from library_image where search_text % ${key("Јогурт Бимилк 200 г")} order by 2 desc limit 1`,
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const results: { label: string; median: number; p95: number }[] = [];
for (const c of cases) {
  for (let i = 0; i < 3; i++) await c.run(); // warm the cache and the plan
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await c.run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  results.push({ label: c.label, median: percentile(times, 50), p95: percentile(times, 95) });
}

console.log(`| search (${ENTRIES} entries, ${RUNS} runs, ${database.kind}) | median ms | p95 ms |`);
console.log("| --- | --- | --- |");
for (const r of results) console.log(`| ${r.label} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} |`);

console.log("\nEXPLAIN ANALYZE:");
for (const c of cases) {
  // In a transaction with the similarity threshold the code sets for `%` (0.6 for the import's match).
  const threshold = c.label.startsWith("import") ? "0.6" : "0.45";
  const answer = (await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${threshold}, true)`);
    return tx.execute(sql`explain (analyze, costs off) ${c.explain}`);
  })) as unknown as { rows: Record<string, string>[] };
  console.log(`\n-- ${c.label}`);
  for (const row of answer.rows) console.log(Object.values(row)[0]);
}

await closeDatabase();
rmSync(dataDir, { recursive: true, force: true });
