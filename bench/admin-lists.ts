// Benchmark of the admin lists at scale: seeds 10,000 stores (each with its owner, a
// sign-in account, a few products and confirmations), plan state for a third of them, 2,000 payments,
// 5,000 waitlist entries and 100,000 audit rows; then calls the real route loaders of /admin,
// /admin/stores, /admin/users, /admin/transactions, /admin/waitlist and /admin/audit-logs in process,
// as a signed-in admin, and prints the median and p95 server time of each, the load average, and the
// scans EXPLAIN plans for each list's statements. The rows are written by the database itself
// (bench/admin-lists-seed.ts, generate_series). Results: docs/performance.md.
//
//   npm run bench:admin-lists -- [--stores 10000 (the least)] [--runs 30]
//
// DATABASE_URL set → that PostgreSQL database (a throw-away one: the bench adds rows).
// Unset → PGlite in a temporary directory, deleted afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { RouterContextProvider } from "react-router";

const { values: flags } = parseArgs({
  options: { stores: { type: "string", default: "10000" }, runs: { type: "string", default: "30" } },
});
// The admin lists must stay fast with 10,000 stores: fewer is never a valid run of this bench.
const STORES = Math.min(100_000, Math.max(10_000, Number(flags.stores)));
const RUNS = Math.min(500, Math.max(5, Number(flags.runs)));

const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-bench-admin-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "warn";

const { openDatabase } = await import("~/db/client.server");
const { adoptDatabase, closeDatabase } = await import("~/db/db.server");
const { user } = await import("~/db/schema/auth");
const { seedAdminBench } = await import("./admin-lists-seed");
const { sessionContext } = await import("~/auth/session.server");
const routes = {
  index: await import("~/routes/admin/index"),
  stores: await import("~/routes/admin/stores"),
  users: await import("~/routes/admin/users"),
  transactions: await import("~/routes/admin/transactions"),
  waitlist: await import("~/routes/admin/waitlist"),
  audit: await import("~/routes/admin/audit-logs"),
};

// Every statement the loaders send, while `captured` is set: the EXPLAIN pass below plans them.
let captured: { query: string; params: unknown[] }[] | null = null;
const database = await openDatabase({
  url: process.env.DATABASE_URL ?? null,
  dataDir: path.join(dataDir, "pglite"),
  logger: { logQuery: (query, params) => captured?.push({ query, params }) },
});
await database.migrate();
adoptDatabase(database);
const db = database.db;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
console.log(`database: ${database.kind}; load average ${load()}; seeding ${STORES} stores…`);
const seedStarted = performance.now();
const counts = await seedAdminBench(db, STORES);
const adminId = crypto.randomUUID();
await db
  .insert(user)
  .values({ id: adminId, name: "Admin", email: "admin@bench.example", role: "admin", emailVerified: true });
console.log(
  `seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s: ${Object.entries(counts)
    .map(([k, v]) => `${v.toLocaleString("en")} ${k}`)
    .join(", ")}`,
);
if (counts.stores < STORES) throw new Error(`only ${counts.stores} stores were seeded`);

const context = new RouterContextProvider();
context.set(sessionContext, {
  id: adminId,
  email: "admin@bench.example",
  name: "Admin",
  onboarded: false,
  role: "admin",
  impersonatedBy: null,
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
  for (let i = 0; i < 3; i++) await call();
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

const CASES: [string, Loader, string][] = [
  ["overview (counts)", routes.index.loader as unknown as Loader, "/admin"],
  ["stores: newest first", routes.stores.loader as unknown as Loader, "/admin/stores"],
  ["stores: page 200", routes.stores.loader as unknown as Loader, "/admin/stores?page=200"],
  [
    "stores: search 'битола'",
    routes.stores.loader as unknown as Loader,
    "/admin/stores?q=%D0%91%D0%B8%D1%82%D0%BE%D0%BB%D0%B0",
  ],
  ["stores: search owner e-mail", routes.stores.loader as unknown as Loader, "/admin/stores?q=owner-7777%40"],
  ["stores: state expired", routes.stores.loader as unknown as Loader, "/admin/stores?state=expired"],
  ["stores: plan yearly", routes.stores.loader as unknown as Loader, "/admin/stores?plan=yearly"],
  ["users: newest first", routes.users.loader as unknown as Loader, "/admin/users"],
  ["users: search", routes.users.loader as unknown as Loader, "/admin/users?q=owner-4242"],
  ["transactions: newest first", routes.transactions.loader as unknown as Loader, "/admin/transactions"],
  [
    "transactions: pending",
    routes.transactions.loader as unknown as Loader,
    "/admin/transactions?status=pending",
  ],
  ["waitlist: newest first", routes.waitlist.loader as unknown as Loader, "/admin/waitlist"],
  [
    "waitlist: search",
    routes.waitlist.loader as unknown as Loader,
    "/admin/waitlist?q=%D1%87%D0%B5%D0%BA%D0%B0+49",
  ],
  ["audit: newest first", routes.audit.loader as unknown as Loader, "/admin/audit-logs"],
  [
    "audit: action filter",
    routes.audit.loader as unknown as Loader,
    "/admin/audit-logs?action=sign_in_failed",
  ],
  [
    "audit: whole address",
    routes.audit.loader as unknown as Loader,
    "/admin/audit-logs?user=owner-123%40bench.example",
  ],
  [
    "audit: part of an address + dates",
    routes.audit.loader as unknown as Loader,
    "/admin/audit-logs?user=owner-123%40&from=2026-01-01&to=2999-01-01",
  ],
];

const loadBefore = load();
const results = ["| list | median ms | p95 ms |", "| --- | ---: | ---: |"];
for (const [label, loader, url] of CASES) {
  const r = await time(loader, url);
  results.push(`| ${label} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} |`);
}
console.log(`\n${database.kind}, ${STORES} stores, ${RUNS} runs per case (after 3 warm-up runs)`);
console.log(`load average (1, 5, 15 min) before the timed runs ${loadBefore}, after ${load()}\n`);
console.log(results.join("\n"));

// EXPLAIN every statement each list sends: the scans it plans on the seeded tables. A sequential
// scan of a big table (store, user, audit_log, product) is what to look at when a figure grows.
type Client = { query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };
const client = (db as unknown as { $client: Client }).$client;
console.log("\nEXPLAIN: the scans each list plans\n");
for (const [label, loader, url] of CASES) {
  captured = [];
  await loader({ request: new Request(`http://localhost${url}`), context, params: {} });
  const statements = captured;
  captured = null;
  const scans = new Set<string>();
  for (const { query, params } of statements) {
    if (!/^\s*(select|with)\b/i.test(query)) continue;
    const plan = await client.query(`EXPLAIN ${query}`, params);
    for (const row of plan.rows) {
      const line = String(Object.values(row)[0]);
      const bitmap = /Bitmap Index Scan on (\S+)/.exec(line);
      const scan = /(Seq Scan|Index Only Scan|Index Scan)(?: Backward)?(?: using (\S+))? on (\S+)/.exec(line);
      if (bitmap) scans.add(`Bitmap Index Scan ${bitmap[1]}`);
      else if (scan) scans.add(scan[1] === "Seq Scan" ? `Seq Scan ${scan[3]}` : `${scan[1]} ${scan[2]}`);
    }
  }
  console.log(`- ${label} (${statements.length} statements): ${[...scans].sort().join(", ")}`);
}

await closeDatabase();
rmSync(dataDir, { recursive: true, force: true });
