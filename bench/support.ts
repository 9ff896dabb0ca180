import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { product } from "~/db/schema/catalog";
import { priceConfirmation } from "~/db/schema/compliance";
import { store } from "~/db/schema/stores";
import { skopjeDay } from "~/features/confirmation/calendar";
import { searchKey } from "~/lib/transliterate";

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
  await database.close();
}

export type Server = { url: string; stop: () => void };

export async function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<Server> {
  const child: ChildProcess = spawn("npx", ["tsx", "server/start.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      HOST: "127.0.0.1",
      JOBS: "off",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error("server exited");
    try {
      if ((await fetch(`${url}/robots.txt`)).ok)
        return { url, stop: () => process.kill(-child.pid!, "SIGTERM") };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("server did not start");
}
