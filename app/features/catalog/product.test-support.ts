import { inArray } from "drizzle-orm";
import { product } from "~/db/schema/catalog";
import type { StoreContext } from "~/lib/service-context";
import { productSchema } from "./product.schema";
import {
  type Product,
  type ProductValues,
  type ProductWrite,
  type WriteOptions,
  writeProducts,
} from "./product-writer.server";

/** A valid product form for service tests, as the form would post it; overrides change any field. */
export const productInput = (overrides: Record<string, string> = {}) =>
  productSchema.parse({
    name: "Производ",
    price: "100",
    vatRate: "18",
    unit: "piece",
    quantity: "1",
    availability: "in_stock",
    status: "active",
    ...overrides,
  });

async function written(ctx: StoreContext, rows: ProductWrite[], source: WriteOptions["source"]) {
  const plan = await writeProducts(ctx, rows, { source, allOrNothing: true });
  if (plan.problems.length > 0)
    throw new Error(`the product writer refused the fixture: ${JSON.stringify(plan.problems)}`);
  return plan.rows.map((row) => row.id);
}

/**
 * New products through the one writer, so a fixture product obeys every rule a real one does (and
 * has its search text and first price history, as an import leaves them by default). Each row is a
 * new product (1 den. unless it says), in the rows' order; a row the writer refuses fails the test.
 */
export async function addProducts(
  ctx: StoreContext,
  rows: (Partial<ProductValues> & { name: string })[],
  source: WriteOptions["source"] = "import",
): Promise<Product[]> {
  const ids = await written(
    ctx,
    rows.map((row) => ({ priceCents: 100, ...row, id: null })),
    source,
  );
  const found = new Map(
    (await ctx.db.select().from(product).where(inArray(product.id, ids))).map((row) => [row.id, row]),
  );
  return ids.map((id) => found.get(id)!);
}

/** Changes a product's fields through the writer, as the owner's form would; the others keep their values. */
export async function changeProduct(
  ctx: StoreContext,
  id: string,
  fields: Partial<ProductValues>,
  source: WriteOptions["source"] = "form",
): Promise<void> {
  await written(ctx, [{ ...fields, id }], source);
}
