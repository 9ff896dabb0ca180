import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { product } from "~/db/schema/catalog";

// Only the catalog writes product rows, in the tests too (decision 0122): a test seeds and changes
// its products with addProducts / changeProduct (product.test-support.ts), through the one writer.
// Two kinds of test need a statement the writer never issues, and they find it here, named for
// what it does, rather than writing product rows themselves:
// - a test whose subject is the database's own tenancy wall (decisions 0083, 0120) runs the
//   statement a careless module would run (no store filter, another store's id) and shows that the
//   database, not the writer, refuses it or confines it to the caller's store;
// - a test of a past day needs products last changed at a past instant, and the writer stamps the
//   database's now().
// Nothing here checks the field rules or writes history: it is not a way to seed products.

/** What a refused statement failed with: the driver's cause (its SQLSTATE `code` and `message`). */
export type Refusal = { code?: string; message?: string };
const refusal = (error: Error): Refusal => (error.cause ?? error) as Refusal;

/** The raw insert of one product row into `storeId`, as SQL for a caller that runs it in a role it took. */
export const insertProductRowSql = (storeId: string, name: string, priceCents: number): SQL =>
  sql`insert into product (store_id, name, price_cents) values (${storeId}, ${name}, ${priceCents})`;

/** The raw update of every product named `name`, with no store filter; it answers the ids it changed. */
export const setPriceByNameSql = (name: string, priceCents: number): SQL =>
  sql`update product set price_cents = ${priceCents} where name = ${name} returning id`;

/**
 * Inserts a product row into `storeId` through `db` past the writer: answers the refusal when the
 * database refuses it, or the row's id when it lets it through (which a wall test asserts against).
 */
export async function insertProductRowPastTheWriter(
  db: Queryable,
  row: { storeId: string; name: string; priceCents: number },
): Promise<Refusal | { id: string }> {
  return db
    .insert(product)
    .values(row)
    .returning({ id: product.id })
    .then(([inserted]) => inserted!)
    .catch(refusal);
}

/**
 * Sets the price of every product `db` can reach (only those of `storeIds` when given) past the
 * writer, with no store filter of its own; answers the names of the rows it changed, or the refusal.
 */
export async function setEveryPricePastTheWriter(
  db: Queryable,
  priceCents: number,
  storeIds?: string[],
): Promise<{ name: string }[] | Refusal> {
  return db
    .update(product)
    .set({ priceCents })
    .where(storeIds ? inArray(product.storeId, storeIds) : undefined)
    .returning({ name: product.name })
    .catch(refusal);
}

/** Marks a store's products as last changed at `at` (the writer stamps now()); answers how many. */
export async function backdateProducts(db: Queryable, storeId: string, at: Date): Promise<number> {
  const changed = await db
    .update(product)
    .set({ updatedAt: at })
    .where(eq(product.storeId, storeId))
    .returning({ id: product.id });
  return changed.length;
}
