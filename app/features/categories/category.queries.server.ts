import { and, asc, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { category } from "~/db/schema/catalog";
import { isUuid } from "~/lib/uuid";

export async function listCategories(db: Queryable, storeId: string) {
  return db
    .select({ id: category.id, name: category.name, nameSq: category.nameSq })
    .from(category)
    .where(eq(category.storeId, storeId))
    .orderBy(asc(category.position), asc(category.name));
}

/** A category id from a form counts only when it is this store's. */
export async function isStoreCategory(db: Queryable, storeId: string, categoryId: string): Promise<boolean> {
  if (!isUuid(categoryId)) return false;
  const [row] = await db
    .select({ id: category.id })
    .from(category)
    .where(and(eq(category.storeId, storeId), eq(category.id, categoryId)))
    .limit(1);
  return Boolean(row);
}
