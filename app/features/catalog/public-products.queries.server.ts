import { and, asc, count, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { category, product } from "~/db/schema/catalog";
import {
  priceInEffectColumns,
  promotionDay,
  type RunningPromotions,
  runningPromotions,
} from "~/features/promotions/price-in-effect.server";
import { byName, productWhere, publicProductColumns } from "./product.queries.server";
import type { ProductFilters } from "./product-list-params";

// The one public product query (issue 13): the public page, the CSV and JSON feeds, the PDF, the
// dated archive and the API read a store's products through here, so they show the same products
// with the same fields in the same order as each other and as the dashboard (decision 0023).
// Prices are the prices in effect at the query's instant (issue 15, decision 0038): a running
// promotion's price, its type, days and prior price.

export const PUBLIC_SORTS = ["name", "price_asc", "price_desc"] as const;
export type PublicSort = (typeof PUBLIC_SORTS)[number];

export type PublicProductFilters = Partial<Pick<ProductFilters, "q" | "category" | "promo">>;

/** Only active products are public (член 15-а lists what is on sale); "promo": a promotion runs. */
function publicWhere(storeId: string, filters: PublicProductFilters, running: RunningPromotions): SQL {
  const { promo, ...rest } = filters;
  return productWhere(storeId, rest, [
    eq(product.status, "active"),
    ...(promo ? [isNotNull(running.productId)] : []),
  ]);
}

/** Price sorts (by the price in effect) keep name order among equal prices, as the in-memory sort does. */
function publicOrder(sort: PublicSort, price: SQL): SQL[] {
  if (sort === "price_asc") return [asc(price), ...byName()];
  if (sort === "price_desc") return [desc(price), ...byName()];
  return byName();
}

type PublicQueryOptions = { filters?: PublicProductFilters; sort?: PublicSort; at?: Date };

/** The store's public products at `at` (default: the clock's now), unexecuted: add .limit()/.offset() for a page. */
export function publicProductsQuery(db: Queryable, storeId: string, options: PublicQueryOptions = {}) {
  const running = runningPromotions(db, storeId, promotionDay(options.at));
  const prices = priceInEffectColumns(storeId, running);
  return db
    .select({ ...publicProductColumns, ...prices })
    .from(product)
    .leftJoin(category, and(eq(category.id, product.categoryId), eq(category.storeId, storeId)))
    .leftJoin(running, eq(running.productId, product.id))
    .where(publicWhere(storeId, options.filters ?? {}, running))
    .orderBy(...publicOrder(options.sort ?? "name", prices.priceCents));
}

export type PublicProductRow = Awaited<ReturnType<typeof publicProductsQuery>>[number];

export async function countPublicProducts(
  db: Queryable,
  storeId: string,
  filters: PublicProductFilters = {},
  at?: Date,
): Promise<number> {
  const running = runningPromotions(db, storeId, promotionDay(at));
  const [row] = await db
    .select({ value: count() })
    .from(product)
    .leftJoin(running, eq(running.productId, product.id))
    .where(publicWhere(storeId, filters, running));
  return row?.value ?? 0;
}
