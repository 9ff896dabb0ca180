import { randomUUID } from "node:crypto";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { category, product } from "~/db/schema/catalog";
import { store } from "~/db/schema/stores";

// One bench store and its catalogue, for the benchmarks that call route loaders in process
// (catalogue, price-list-pdf, export, tiles): the owner, the store, its categories, and products in batches.

export type BenchProduct = typeof product.$inferInsert;

/** An onboarded owner with one store and its categories (ids in the order of the names given). */
export async function seedBenchStore(
  db: Db,
  options: { name: string; companyName: string; categories: string[] },
) {
  const ownerId = randomUUID();
  await db
    .insert(user)
    .values({ id: ownerId, name: "Bench", email: `bench-${ownerId}@example.test`, onboarded: true });
  const [row] = await db
    .insert(store)
    .values({
      ownerId,
      username: `bench-${ownerId.slice(0, 8)}`,
      name: options.name,
      phone: "+38971234567",
      companyName: options.companyName,
    })
    .returning();
  const categories = await db
    .insert(category)
    .values(options.categories.map((name, position) => ({ storeId: row!.id, name, position })))
    .returning({ id: category.id });
  return { ownerId, store: row!, categories };
}

/** `count` products, the n-th made by `make(n)`, inserted a thousand to a statement; their ids. */
export async function insertBenchProducts(
  db: Db,
  count: number,
  make: (n: number) => BenchProduct,
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => make(start + i));
    ids.push(...(await db.insert(product).values(rows).returning({ id: product.id })).map((row) => row.id));
  }
  return ids;
}
