import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { category, product } from "~/db/schema/catalog";
import { byName, productWhere, publicProductColumns } from "./product.queries.server";
import type { ProductFilters } from "./product-list-params";

// The one public product query (issue 13): the public page, the CSV and JSON feeds, the PDF, the
// dated archive and the API read a store's products through here, so they show the same products
// with the same fields in the same order as each other and as the dashboard (decision 0023).

export const PUBLIC_SORTS = ["name", "price_asc", "price_desc"] as const;
export type PublicSort = (typeof PUBLIC_SORTS)[number];

export type PublicProductFilters = Partial<Pick<ProductFilters, "q" | "category" | "promo">>;

/** Only active products are public (член 15-а lists what is on sale). */
function publicWhere(storeId: string, filters: PublicProductFilters): SQL {
  return productWhere(storeId, filters, [eq(product.status, "active")]);
}

/** Price sorts keep name order among equal prices, as the in-memory catalogue's stable sort does. */
function publicOrder(sort: PublicSort): SQL[] {
  if (sort === "price_asc") return [asc(product.priceCents), ...byName()];
  if (sort === "price_desc") return [desc(product.priceCents), ...byName()];
  return byName();
}

/** The store's public products, unexecuted: add .limit()/.offset() for a page. */
export function publicProductsQuery(
  db: Queryable,
  storeId: string,
  options: { filters?: PublicProductFilters; sort?: PublicSort } = {},
) {
  return db
    .select(publicProductColumns)
    .from(product)
    .leftJoin(category, and(eq(category.id, product.categoryId), eq(category.storeId, storeId)))
    .where(publicWhere(storeId, options.filters ?? {}))
    .orderBy(...publicOrder(options.sort ?? "name"));
}

export type PublicProductRow = Awaited<ReturnType<typeof publicProductsQuery>>[number];

export async function countPublicProducts(
  db: Queryable,
  storeId: string,
  filters: PublicProductFilters = {},
): Promise<number> {
  const [row] = await db.select({ value: count() }).from(product).where(publicWhere(storeId, filters));
  return row?.value ?? 0;
}
