import { and, eq, type SQL } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { product } from "~/db/schema/catalog";
import { selectProducts } from "~/features/catalog/product.queries.server";
import { listCategories } from "~/features/categories/category.queries.server";
import { imageUrls } from "~/features/images/image.server";
import { getStoreByUsername } from "~/features/stores/store.server";
import { AppError } from "~/lib/app-error";

export const STOREFRONT_PAGE_SIZE = 60;

export type StorefrontQuery = { q?: string; categoryId?: string; page: number };

/** The public price list of one store: active products only, no login (член 15-а). */
export async function getStorefront(db: Queryable, username: string, query: StorefrontQuery) {
  const store = await getStoreByUsername(db, username);
  // A store still in onboarding is not public yet (issue 4).
  if (!store || store.onboardingStep !== null) throw new AppError("storeNotFound");
  const filters: SQL[] = [eq(product.status, "active")];
  if (query.categoryId) filters.push(eq(product.categoryId, query.categoryId));
  const [categories, products] = await Promise.all([
    listCategories(db, store.id),
    selectProducts(db, store.id, { q: query.q, page: query.page, pageSize: STOREFRONT_PAGE_SIZE }, [
      and(...filters)!,
    ]),
  ]);
  return {
    store: {
      username: store.username,
      name: store.name,
      companyName: store.companyName,
      phone: store.phonePublic ? store.phone : null,
      active: store.active,
      // Business info (issue 4): store-business-info.tsx renders these.
      address: store.address,
      logo: store.logoKey ? imageUrls(store.logoKey, "logo") : null,
      hours: store.hours,
    },
    categories,
    products: products.rows,
    total: products.total,
    pageSize: STOREFRONT_PAGE_SIZE,
  };
}
