import { and, asc, eq, inArray } from "drizzle-orm";
import { product } from "~/db/schema/catalog";
import type { StoreContext } from "~/lib/service-context";
import { searchKey } from "~/lib/transliterate";
import { isUuid } from "~/lib/uuid";
import { listLibraryCategories, searchLibrary } from "./library.queries.server";
import { LIBRARY_ASSIGN_MAX, librarySearchSchema } from "./library.schema";
import { type LibraryMatch, suggestLibraryImages } from "./library-match.server";

// What /dashboard/image-gallery shows: the search, the page of entries, and the products
// an image is being chosen for (`?for=<id>`, one or the products selected on the products page).

export type LibraryTarget = { id: string; name: string; imageUrl: string | null };

/** The products named in `for`, of the owner's store only; another store's id is simply not there. */
export async function libraryTargets(ctx: StoreContext, ids: string[]): Promise<LibraryTarget[]> {
  const wanted = [...new Set(ids)].filter(isUuid).slice(0, LIBRARY_ASSIGN_MAX);
  if (wanted.length === 0) return [];
  return ctx.db
    .select({ id: product.id, name: product.name, imageUrl: product.imageUrl })
    .from(product)
    .where(and(eq(product.storeId, ctx.storeId), inArray(product.id, wanted)))
    .orderBy(asc(product.name));
}

export async function libraryPage(ctx: StoreContext, url: URL) {
  const params = Object.fromEntries(url.searchParams);
  const search = librarySearchSchema.parse(params);
  // `for` from a product or this page; `ids` from the products page's bulk selection.
  const targets = await libraryTargets(ctx, [
    ...url.searchParams.getAll("for"),
    ...url.searchParams.getAll("ids"),
  ]);
  // One product: its best matches first (its name and barcode), then the search.
  const [only] = targets.length === 1 ? targets : [];
  const [page, categories, suggestions] = await Promise.all([
    searchLibrary(ctx.db, search),
    listLibraryCategories(ctx.db),
    only ? productSuggestions(ctx, only.id) : Promise.resolve([] as LibraryMatch[]),
  ]);
  // A Latin/Albanian category name in the address selects its category in the filter.
  const key = searchKey(search.category);
  const selected = categories.find((c) => key && (searchKey(c.name) === key || searchKey(c.latin) === key));
  return {
    search: { ...search, category: selected?.name ?? search.category },
    page,
    categories,
    targets,
    suggestions,
  };
}

/** The library's best images for one of the owner's products (its name and barcode); [] for another store's. */
export async function productSuggestions(
  ctx: StoreContext,
  productId: string,
  limit = 6,
): Promise<LibraryMatch[]> {
  if (!isUuid(productId)) return [];
  const [row] = await ctx.db
    .select({ name: product.name, barcode: product.barcode })
    .from(product)
    .where(and(eq(product.storeId, ctx.storeId), eq(product.id, productId)));
  return row ? suggestLibraryImages(ctx.db, row, limit) : [];
}

/** Where to go after assigning: a path of the dashboard or onboarding, never another site. */
export function safeBack(value: FormDataEntryValue | null): string | null {
  if (typeof value !== "string") return null;
  return /^\/(dashboard|onboarding)(\/|\?|$)/.test(value) && !value.startsWith("//") ? value : null;
}
