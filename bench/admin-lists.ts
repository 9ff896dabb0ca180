// Benchmark of the admin lists at scale (issue 16): seeds 10,000 stores (each with its owner, a
// sign-in account, a few products and confirmations), plan state for a third of them, 2,000 payments,
// 5,000 waitlist entries and 100,000 audit rows; then calls the real route loaders of /admin,
// /admin/stores, /admin/users, /admin/transactions, /admin/waitlist and /admin/audit-logs in process,
// as a signed-in admin, and prints the median and p95 server time of each. Results: docs/performance.md.
//
//   npm run bench:admin-lists -- [--stores 10000] [--runs 30]
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
const STORES = Math.min(100_000, Math.max(100, Number(flags.stores)));
const RUNS = Math.min(500, Math.max(5, Number(flags.runs)));

const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-bench-admin-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "warn";

const { startDatabase, closeDatabase } = await import("~/db/db.server");
const { user, account } = await import("~/db/schema/auth");
const { insertBenchOwners, insertBenchProducts } = await import("./seed-store");
const { priceConfirmation } = await import("~/db/schema/compliance");
const { storeBilling, payment } = await import("~/db/schema/billing");
const { waitlistEntry } = await import("~/db/schema/waitlist");
const { auditLog } = await import("~/db/schema/account-security");
const { sessionContext } = await import("~/auth/session.server");
const routes = {
  index: await import("~/routes/admin/index"),
  stores: await import("~/routes/admin/stores"),
  users: await import("~/routes/admin/users"),
  transactions: await import("~/routes/admin/transactions"),
  waitlist: await import("~/routes/admin/waitlist"),
  audit: await import("~/routes/admin/audit-logs"),
};

const database = await startDatabase();
const db = database.db;
console.log(`database: ${database.kind}; seeding ${STORES} stores…`);
const seedStarted = performance.now();

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const CITIES = ["Скопје", "Битола", "Куманово", "Тетово", "Охрид", "Штип", "Велес", "Струмица"];
const BATCH = 500;
const storeIds: string[] = [];
for (let start = 0; start < STORES; start += BATCH) {
  const count = Math.min(BATCH, STORES - start);
  const seeded = await insertBenchOwners(
    db,
    Array.from({ length: count }, (_, i) => {
      const n = start + i;
      const createdAt = new Date(now - (n % 400) * DAY);
      return {
        user: { name: `Сопственик ${n}`, email: `owner-${n}@bench.example`, emailVerified: true, createdAt },
        store: {
          username: `bench-${n}`,
          name: `Продавница ${n} ${CITIES[n % CITIES.length]}`,
          companyName: `Бенч ${n} ДООЕЛ`,
          active: n % 20 !== 0,
          onboardingStep: n % 50 === 0 ? 2 : null,
          trialEndsAt: new Date(now + ((n % 60) - 20) * DAY),
          createdAt,
        },
      };
    }),
  );
  await db.insert(account).values(
    seeded.map(({ owner }) => ({
      id: crypto.randomUUID(),
      accountId: owner.id,
      providerId: "credential",
      userId: owner.id,
      password: "x",
    })),
  );
  const stores = seeded.map((entry) => entry.store);
  storeIds.push(...stores.map((s) => s.id));
  await insertBenchProducts(db, count * 3, (m) => ({
    storeId: stores[Math.floor(m / 3)]!.id,
    name: `Производ ${start + Math.floor(m / 3)}-${m % 3}`,
    priceCents: 10_000 + (m % 3),
  }));
  await db.insert(priceConfirmation).values(
    stores.flatMap((s, i) =>
      [1, 2, 3].map((back) => ({
        storeId: s.id,
        day: new Date(now - back * DAY).toISOString().slice(0, 10),
        status: (start + i + back) % 7 === 0 ? ("missed" as const) : ("confirmed" as const),
      })),
    ),
  );
}
for (let start = 0; start < storeIds.length; start += 3 * BATCH) {
  const chunk = storeIds.slice(start, start + 3 * BATCH).filter((_, i) => i % 3 === 0);
  await db.insert(storeBilling).values(
    chunk.map((storeId, i) => ({
      storeId,
      plan: i % 2 ? ("monthly" as const) : ("yearly" as const),
      method: "bank_transfer" as const,
      paidUntil: new Date(now + (i % 200) * DAY),
    })),
  );
}
const buyer = { companyName: "Бенч ДООЕЛ", storeName: "Бенч", address: null, phone: "+38971234567" };
for (let start = 0; start < 2000; start += BATCH) {
  await db.insert(payment).values(
    Array.from({ length: BATCH }, (_, i) => ({
      storeId: storeIds[(start + i) * 5]!,
      plan: "monthly" as const,
      method: "bank_transfer" as const,
      amountCents: 120_000,
      months: 1,
      dueAt: new Date(now + 8 * DAY),
      buyer,
    })),
  );
}
for (let start = 0; start < 5000; start += BATCH) {
  await db.insert(waitlistEntry).values(
    Array.from({ length: BATCH }, (_, i) => ({
      email: `wait-${start + i}@bench.example`,
      name: `Чека ${start + i}`,
      storeName: `Идна продавница ${start + i}`,
      city: CITIES[i % CITIES.length],
    })),
  );
}
const ACTIONS = ["sign_in", "sign_in_failed", "code_sent", "sign_up", "trial_extended"] as const;
for (let start = 0; start < 100_000; start += 2000) {
  await db.insert(auditLog).values(
    Array.from({ length: 2000 }, (_, i) => ({
      action: ACTIONS[(start + i) % ACTIONS.length]!,
      email: `owner-${(start + i) % STORES}@bench.example`,
      createdAt: new Date(now - ((start + i) % 90) * DAY - i * 1000),
    })),
  );
}
const adminId = crypto.randomUUID();
await db
  .insert(user)
  .values({ id: adminId, name: "Admin", email: "admin@bench.example", role: "admin", emailVerified: true });
console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

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

const results = ["| list | median ms | p95 ms |", "| --- | ---: | ---: |"];
for (const [label, loader, url] of CASES) {
  const r = await time(loader, url);
  results.push(`| ${label} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} |`);
}
console.log(`\n${database.kind}, ${STORES} stores, ${RUNS} runs per case (after 3 warm-up runs)\n`);
console.log(results.join("\n"));

await closeDatabase();
rmSync(dataDir, { recursive: true, force: true });
