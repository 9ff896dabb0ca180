import { and, asc, count, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { category, product } from "~/db/schema/catalog";
import type { ContentReader } from "~/features/product-language/product-language";
import {
  overrideAlias,
  overrideJoin,
  type PointOfSaleOverride,
  priceInEffectColumns,
  promotionDay,
  type RunningPromotions,
  runningPromotions,
} from "~/features/promotions/price-in-effect.server";
import { byName, productWhere, publicProductColumns } from "./product.queries.server";
import type { ProductFilters } from "./product-list-params";

// The one public product query (decision 0023): the public page, the CSV and JSON feeds, the PDF, the
// dated archive and the API read a store's products through here, so they show the same products
// with the same fields in the same order as each other and as the dashboard (decision 0023).
// Prices are the prices in effect at the query's instant (decision 0038): a running
// promotion's price, its type, days and prior price.

export const PUBLIC_SORTS = ["name", "price_asc", "price_desc"] as const;
export type PublicSort = (typeof PUBLIC_SORTS)[number];

export type PublicProductFilters = Partial<Pick<ProductFilters, "q" | "category" | "promo">>;

/**
 * Only active products are public (член 15-а lists what is on sale); "promo": a promotion runs. At
 * a point of sale, the products it leaves out are not on its list.
 */
function publicWhere(
  storeId: string,
  filters: PublicProductFilters,
  running: RunningPromotions,
  override: PointOfSaleOverride | null,
): SQL {
  const { promo, ...rest } = filters;
  return productWhere(storeId, rest, [
    eq(product.status, "active"),
    ...(promo ? [isNotNull(running.productId)] : []),
    ...(override ? [sql`coalesce(${override.excluded}, false) = false`] : []),
  ]);
}

/** The point of sale's override of each product, when the list is a point of sale's (decision 0069). */
function pointOfSaleOverride(pointOfSaleId: string | null | undefined) {
  return pointOfSaleId ? overrideAlias("pos_override") : null;
}

/** Price sorts (by the price in effect) keep name order among equal prices, as the in-memory sort does. */
function publicOrder(sort: PublicSort, price: SQL, reader: ContentReader): SQL[] {
  if (sort === "price_asc") return [asc(price), ...byName("asc", reader)];
  if (sort === "price_desc") return [desc(price), ...byName("asc", reader)];
  return byName("asc", reader);
}

type PublicQueryOptions = {
  filters?: PublicProductFilters;
  sort?: PublicSort;
  at?: Date;
  /** A point of sale of the store (decision 0068): its prices, availability and products; else store-wide. */
  pointOfSaleId?: string | null;
  /** An Albanian reader sees the list in the order of the names they read (decision 0074). */
  reader?: ContentReader;
};

/** The store's public products at `at` (default: the clock's now), unexecuted: add .limit()/.offset() for a page. */
export function publicProductsQuery(db: Queryable, storeId: string, options: PublicQueryOptions = {}) {
  const pointOfSaleId = options.pointOfSaleId ?? null;
  const running = runningPromotions(db, storeId, promotionDay(options.at), pointOfSaleId);
  const override = pointOfSaleOverride(pointOfSaleId);
  const prices = priceInEffectColumns(storeId, running, override, pointOfSaleId);
  const availability = override
    ? {
        availability: sql<
          typeof product.availability._.data
        >`coalesce(${override.availability}, ${product.availability})`,
      }
    : {};
  const query = db
    .select({ ...publicProductColumns, ...availability, ...prices })
    .from(product)
    .leftJoin(category, and(eq(category.id, product.categoryId), eq(category.storeId, storeId)))
    .leftJoin(running, eq(running.productId, product.id));
  const joined =
    override && pointOfSaleId
      ? query.leftJoin(override, overrideJoin(storeId, pointOfSaleId, override))
      : query;
  return joined
    .where(publicWhere(storeId, options.filters ?? {}, running, override))
    .orderBy(...publicOrder(options.sort ?? "name", prices.priceCents, options.reader ?? null));
}

export type PublicProductRow = Awaited<ReturnType<typeof publicProductsQuery>>[number];

export async function countPublicProducts(
  db: Queryable,
  storeId: string,
  filters: PublicProductFilters = {},
  at?: Date,
  pointOfSaleId: string | null = null,
): Promise<number> {
  const running = runningPromotions(db, storeId, promotionDay(at), pointOfSaleId);
  const override = pointOfSaleOverride(pointOfSaleId);
  const query = db
    .select({ value: count() })
    .from(product)
    .leftJoin(running, eq(running.productId, product.id));
  const joined =
    override && pointOfSaleId
      ? query.leftJoin(override, overrideJoin(storeId, pointOfSaleId, override))
      : query;
  const [row] = await joined.where(publicWhere(storeId, filters, running, override));
  return row?.value ?? 0;
}
