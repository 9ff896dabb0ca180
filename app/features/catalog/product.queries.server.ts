import { and, asc, count, eq, ilike, type SQL } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { category, product } from "~/db/schema/catalog";
import { searchKey } from "~/lib/transliterate";

// Every query here is filtered by store_id (ARCHITECTURE.md tenancy rules).

export type ProductListQuery = { q?: string; page: number; pageSize: number };

const listColumns = {
  id: product.id,
  name: product.name,
  description: product.description,
  priceCents: product.priceCents,
  regularPriceCents: product.regularPriceCents,
  vatRate: product.vatRate,
  unit: product.unit,
  netQuantityMilli: product.netQuantityMilli,
  netUnit: product.netUnit,
  quantity: product.quantity,
  availability: product.availability,
  status: product.status,
  imageUrl: product.imageUrl,
  updatedAt: product.updatedAt,
  categoryId: product.categoryId,
  categoryName: category.name,
};

export type ProductListItem = Awaited<ReturnType<typeof selectProducts>>["rows"][number];

function whereFor(storeId: string, q: string | undefined, extra: SQL[] = []): SQL | undefined {
  const conditions: SQL[] = [eq(product.storeId, storeId), ...extra];
  const key = q ? searchKey(q) : "";
  if (key) conditions.push(ilike(product.searchText, `%${escapeLike(key)}%`));
  return and(...conditions);
}

export async function selectProducts(
  db: Queryable,
  storeId: string,
  query: ProductListQuery,
  extra: SQL[] = [],
) {
  const where = whereFor(storeId, query.q, extra);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(product)
      .leftJoin(category, and(eq(category.id, product.categoryId), eq(category.storeId, storeId)))
      .where(where)
      .orderBy(asc(product.name), asc(product.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(product).where(where),
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

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
