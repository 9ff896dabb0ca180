import { and, asc, count, desc, eq, inArray, isNull, like, or, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { category, product } from "~/db/schema/catalog";
import { promotionProduct } from "~/db/schema/promotions";
import { needsAttention } from "~/features/compliance/compliance.server";
import type { ContentReader } from "~/features/product-language/product-language";
import { skopjeDay } from "~/lib/calendar";
import { getClock } from "~/lib/clock.server";
import { byNameOrder } from "~/lib/name-order";
import { searchKey } from "~/lib/transliterate";
import { isUuid } from "~/lib/uuid";
import type { ProductFilters, ProductListParams } from "./product-list-params";

// Every query here is filtered by store_id (ARCHITECTURE.md tenancy rules).

export type ProductListQuery = Partial<ProductListParams> & { page: number; pageSize: number };

/**
 * What every public path shows of a product (the page, the feeds, the PDF, the archive, the API):
 * the law's fields (член 15-а), and what the page's filters need. One projection, so a new field
 * reaches every path at once (decision 0023).
 */
export const publicProductColumns = {
  id: product.id,
  name: product.name,
  description: product.description,
  // The Albanian texts (decision 0074); each path shows them only while the store has them enabled.
  nameSq: product.nameSq,
  descriptionSq: product.descriptionSq,
  priceCents: product.priceCents,
  regularPriceCents: product.regularPriceCents,
  vatRate: product.vatRate,
  unit: product.unit,
  netQuantityMilli: product.netQuantityMilli,
  netUnit: product.netUnit,
  availability: product.availability,
  imageUrl: product.imageUrl,
  barcode: product.barcode,
  updatedAt: product.updatedAt,
  categoryId: product.categoryId,
  categoryName: category.name,
  // The category's Albanian name, shown like the product's Albanian texts.
  categoryNameSq: category.nameSq,
  searchText: product.searchText,
};

/** The dashboard's list: the same fields and what only the owner sees, without the search key. */
const { searchText: _searchKey, ...shownColumns } = publicProductColumns;
const listColumns = { ...shownColumns, quantity: product.quantity, status: product.status };

/**
 * Name order, the one alphabetical order of every list (decision 0023): the stored Macedonian
 * alphabet key, then the id, so that equal names keep one order and paging never repeats a row.
 * An Albanian reader's public list sorts by the name they see (decision 0074).
 */
export function byName(direction: "asc" | "desc" = "asc", reader: ContentReader = null): SQL[] {
  const by = direction === "desc" ? desc : asc;
  return [by(byNameOrder(reader === "sq" ? product.nameOrderSq : product.nameOrder)), by(product.id)];
}

export type ProductListItem = Awaited<ReturnType<typeof productPageQuery>>[number];

/**
 * The WHERE of a filtered product view. The products page, the count and the bulk actions on
 * "everything matching" all use this one function, so they always agree on which products match.
 */
export function productWhere(storeId: string, filters: Partial<ProductFilters>, extra: SQL[] = []): SQL {
  const conditions: (SQL | undefined)[] = [eq(product.storeId, storeId), ...extra];
  const key = filters.q ? searchKey(filters.q) : "";
  // Served by the pg_trgm GIN index on search_text for keys of 3+ characters (docs/performance.md).
  // search_text and the key are both lower-case ASCII: LIKE is enough, and cheaper than ILIKE.
  if (key) conditions.push(like(product.searchText, `%${escapeLike(key)}%`));
  if (filters.category === "none") conditions.push(isNull(product.categoryId));
  else if (filters.category) conditions.push(eq(product.categoryId, filters.category));
  if (filters.status) conditions.push(eq(product.status, filters.status));
  if (filters.stock === "in") conditions.push(eq(product.availability, "in_stock"));
  if (filters.stock === "out") conditions.push(eq(product.availability, "out_of_stock"));
  // In promotion (decision 0040): in an active promotion that runs or is still to come.
  if (filters.promo) conditions.push(inCurrentPromotion());
  if (filters.noImage) conditions.push(or(isNull(product.imageUrl), eq(product.imageUrl, "")));
  if (filters.attention) conditions.push(needsAttention());
  return and(...conditions)!;
}

function orderOf(query: ProductListQuery): SQL[] {
  const dir = query.dir === "desc" ? "desc" : "asc";
  if ((query.sort ?? "name") === "name") return byName(dir);
  const direction = dir === "desc" ? desc : asc;
  const column = { price: product.priceCents, quantity: product.quantity, updated: product.updatedAt }[
    query.sort as "price" | "quantity" | "updated"
  ];
  // The id breaks ties so that paging never shows a product twice or skips one.
  return [direction(column), direction(product.id)];
}

/**
 * The page of products a view shows, unexecuted (the benchmark EXPLAINs it). The page's ids are
 * picked first from the product table alone (an index scan for every sort), and only those rows are
 * read in full and joined: a deep page then skips index entries, not joined rows.
 */
export function productPageQuery(db: Queryable, storeId: string, query: ProductListQuery, extra: SQL[] = []) {
  const order = orderOf(query);
  const pageIds = db
    .select({ id: product.id })
    .from(product)
    .where(productWhere(storeId, query, extra))
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return db
    .select(listColumns)
    .from(product)
    .leftJoin(category, and(eq(category.id, product.categoryId), eq(category.storeId, storeId)))
    .where(and(eq(product.storeId, storeId), inArray(product.id, pageIds)))
    .orderBy(...order);
}

export function productCountQuery(
  db: Queryable,
  storeId: string,
  query: ProductListQuery,
  extra: SQL[] = [],
) {
  return db
    .select({ value: count() })
    .from(product)
    .where(productWhere(storeId, query, extra));
}

export async function selectProducts(
  db: Queryable,
  storeId: string,
  query: ProductListQuery,
  extra: SQL[] = [],
) {
  const [rows, [total]] = await Promise.all([
    productPageQuery(db, storeId, query, extra),
    productCountQuery(db, storeId, query, extra),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function selectProduct(db: Queryable, storeId: string, productId: string) {
  if (!isUuid(productId)) return null;
  const [row] = await db
    .select()
    .from(product)
    .where(and(eq(product.storeId, storeId), eq(product.id, productId)))
    .limit(1);
  return row ?? null;
}

/** The ids of a hand-picked selection that belong to the store (others are silently not there). */
export function productIdsWhere(storeId: string, ids: string[]): SQL {
  const valid = ids.filter(isUuid);
  return and(eq(product.storeId, storeId), valid.length ? inArray(product.id, valid) : sql`false`)!;
}

/** The product is in an active promotion whose last Skopje day is today or later. */
function inCurrentPromotion(): SQL {
  return sql`exists (select 1 from ${promotionProduct} where ${promotionProduct.storeId} = ${product.storeId}
    and ${promotionProduct.productId} = ${product.id} and ${promotionProduct.active}
    and ${promotionProduct.endsOn} >= ${skopjeDay(getClock().now())})`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
