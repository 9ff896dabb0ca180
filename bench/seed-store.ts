import { randomUUID } from "node:crypto";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { category, product } from "~/db/schema/catalog";
import { store } from "~/db/schema/stores";

// One bench store and its catalogue, for the benchmarks that call route loaders in process
// (catalogue, price-list-pdf, export, tiles, admin-lists): owners and their stores, categories, and
// products in batches.

export type BenchProduct = typeof product.$inferInsert;

type UserRow = typeof user.$inferInsert;
type StoreRow = typeof store.$inferInsert;

/**
 * Onboarded owners with one store each, one statement per table (the admin lists' 10,000 stores
 * come in batches); what each entry gives overrides the defaults. The owners and stores in order.
 */
export async function insertBenchOwners(
  db: Db,
  owners: { user?: Partial<UserRow>; store?: Partial<StoreRow> }[],
) {
  const users = owners.map((entry) => {
    const id = entry.user?.id ?? randomUUID();
    return { name: "Bench", email: `bench-${id}@example.test`, onboarded: true, ...entry.user, id };
  });
  await db.insert(user).values(users);
  const stores = await db
    .insert(store)
    .values(
      owners.map((entry, i) => ({
        username: `bench-${users[i]!.id.slice(0, 8)}`,
        name: "Bench",
        phone: "+38971234567",
        companyName: "Bench",
        ...entry.store,
        ownerId: users[i]!.id,
      })),
    )
    .returning();
  return stores.map((row, i) => ({ owner: users[i]!, store: row }));
}

/** An onboarded owner with one store and its categories (ids in the order of the names given). */
export async function seedBenchStore(
  db: Db,
  options: { name: string; companyName: string; categories: string[] },
) {
  const [seeded] = await insertBenchOwners(db, [
    { store: { name: options.name, companyName: options.companyName } },
  ]);
  const row = seeded!.store;
  const categories = await db
    .insert(category)
    .values(options.categories.map((name, position) => ({ storeId: row.id, name, position })))
    .returning({ id: category.id });
  return { ownerId: seeded!.owner.id, store: row, categories };
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
