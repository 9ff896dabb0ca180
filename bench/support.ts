import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { closeSync, openSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { product } from "~/db/schema/catalog";
import { priceConfirmation } from "~/db/schema/compliance";
import { store } from "~/db/schema/stores";
import { skopjeDay } from "~/lib/calendar";
import { searchKey } from "~/lib/transliterate";
import { freePort, type Shutdown, stopServer, waitForReady } from "./server-process";

// Shared by the benchmarks (not timed tests): a seeded data directory and a production server.

export const ROOT = path.resolve(import.meta.dirname, "..");

const WORDS = [
  "Млеко",
  "Јогурт",
  "Сирење",
  "Леб",
  "Кафе",
  "Чоколадо",
  "Вода",
  "Сок",
  "Ориз",
  "Брашно",
  "Масло",
  "Шеќер",
];

/** Stores "bench-<n>" with n products each (a tenth discounted), confirmed today. */
export async function seedBenchStores(dataDir: string, sizes: number[]): Promise<void> {
  // DATABASE_URL set: that (throw-away) PostgreSQL database; otherwise PGlite in dataDir.
  const database = await openDatabase({
    url: process.env.DATABASE_URL || null,
    dataDir: path.join(dataDir, "pglite"),
  });
  await database.migrate();
  for (const size of sizes) {
    const ownerId = randomUUID();
    await database.db
      .insert(user)
      .values({ id: ownerId, name: "Bench", email: `bench-${size}@example.test`, onboarded: true });
    const [row] = await database.db
      .insert(store)
      .values({
        ownerId,
        username: `bench-${size}`,
        name: `Маркет Бенч ${size}`,
        phone: "+38923222333",
        companyName: "Бенч ДООЕЛ",
      })
      .returning();
    for (let start = 0; start < size; start += 1000) {
      await database.db.insert(product).values(
        Array.from({ length: Math.min(1000, size - start) }, (_, offset) => {
          const i = start + offset;
          const name = `${WORDS[i % WORDS.length]} ${i + 1} ${["500 г", "1 л", "250 г", "1 кг"][i % 4]}`;
          const priceCents = 3_000 + ((i * 7919) % 60_000);
          return {
            storeId: row!.id,
            name,
            description: i % 3 === 0 ? "Домашно производство, чувајте на ладно место." : null,
            priceCents,
            regularPriceCents: i % 10 === 0 ? priceCents + 1_000 : null,
            netQuantityMilli: 500_000,
            netUnit: "g" as const,
            searchText: searchKey(name),
          };
        }),
      );
    }
    await database.db
      .insert(priceConfirmation)
      .values({ storeId: row!.id, day: skopjeDay(new Date()), status: "confirmed" });
  }
  // As an import of this many products would (app/db/analyze.server.ts): without it PostgreSQL
  // planned these stores' reads from statistics that knew only the demo store, once a 52-s count of
  // 3,000 products (decision 0115).
  await database.db.execute(sql`analyze product, price_confirmation`);
  await database.close();
}

export type Server = { url: string; pid: number; stop: () => Promise<Shutdown> };

/**
 * The production server of the checkout at `root` (this one, or a baseline built in another
 * worktree) on a free loopback port, on `dataDir`; ready once `readyPath` answers 200.
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  options: { root?: string; readyPath?: string; nodeArgs?: string[]; logFile?: string } = {},
): Promise<Server> {
  const port = await freePort();
  // The server's log (stdout, pino's JSON lines) goes to `logFile` when given, else nowhere.
  const log = options.logFile ? openSync(options.logFile, "a") : "ignore";
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), "--import", "tsx", "server/start.ts"],
    {
      cwd: options.root ?? ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: "error",
        HOST: "127.0.0.1",
        JOBS: "off",
        WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1",
        ...env,
      },
      stdio: ["ignore", log, "inherit"],
    },
  );
  if (typeof log === "number") closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(`${url}${options.readyPath ?? "/robots.txt"}`, child, 180_000);
  } catch (error) {
    await stopServer(child);
    throw error;
  }
  return { url, pid: child.pid!, stop: () => stopServer(child) };
}

/** seedBenchStores run by the checkout at `root` with its own code and migrations (a baseline). */
export function seedBenchStoresIn(root: string, dataDir: string, sizes: number[]): void {
  const script = `import { seedBenchStores } from "./bench/support.ts";
await seedBenchStores(${JSON.stringify(dataDir)}, ${JSON.stringify(sizes)});
process.exit(0);`;
  const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "error" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`seeding in ${root} failed (${result.status})`);
}
