import { and, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { product } from "~/db/schema/catalog";
import {
  countPublicProducts,
  PUBLIC_SORTS,
  type PublicSort,
  publicProductsQuery,
} from "~/features/catalog/public-products.queries.server";
import { imageUrls } from "~/features/images/image.server";
import { type ContentReader, contentReader } from "~/features/product-language/product-language";
import { storeVisibility } from "~/features/stores/public-store.server";
import type { Locale } from "~/i18n/config";
import { AppError } from "~/lib/app-error";
import { compareNames } from "~/lib/name-order";
import { searchKey } from "~/lib/transliterate";
import { isUuid } from "~/lib/uuid";
import {
  type AlbanianText,
  albanianTextOf,
  type CatalogueCache,
  type HeldProduct,
  inAlbanian,
  loadCatalogue,
  type PublicProduct,
  toPublicProduct,
} from "./catalogue-cache.server";
import { priceStampOf } from "./stamp";

export const STOREFRONT_PAGE_SIZE = 60;
export const STOREFRONT_SORTS = PUBLIC_SORTS;
export type StorefrontSort = PublicSort;

export type StorefrontQuery = {
  q?: string;
  categoryId?: string;
  sort?: StorefrontSort;
  /** Only products in a running promotion (the "only promotions" filter). */
  discounted?: boolean;
  page: number;
  /** A product the visitor is reporting (the report dialog). */
  reportId?: string;
  /** The reader's language: an Albanian reader sees the store's Albanian names (decision 0074). */
  locale?: Locale;
};

/** Everything in the URL that picks a view of the page; the server renders any of them. */
export function parseStorefrontQuery(url: URL): StorefrontQuery & { category: string } {
  const page = Number(url.searchParams.get("page"));
  const category = url.searchParams.get("category") ?? "";
  const sort = url.searchParams.get("sort") as StorefrontSort;
  const report = url.searchParams.get("report") ?? "";
  return {
    q: url.searchParams.get("q")?.trim().slice(0, 200) ?? "",
    category: isUuid(category) ? category : "",
    categoryId: isUuid(category) ? category : undefined,
    sort: STOREFRONT_SORTS.includes(sort) ? sort : "name",
    discounted: url.searchParams.get("discounted") === "1",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    reportId: isUuid(report) ? report : undefined,
  };
}

export type StorefrontProduct = PublicProduct;

/**
 * The public price list of one store: active products only, no login (член 15-а). With a catalogue
 * cache the store's catalogue comes from memory while it is current (decision 0009); without one,
 * or for a store too large to hold, the database filters and pages it.
 */
export async function getStorefront(
  db: Queryable,
  username: string,
  query: StorefrontQuery,
  now = new Date(),
  cache?: CatalogueCache,
) {
  return storefrontOf(db, await storefrontCatalogue(db, username, now, cache), query, now);
}

/**
 * The catalogue a store's public page is made from: while a catalogue cache holds it, the same object
 * for one store version and day (so what else a page reads once per version may be kept with it).
 */
export async function storefrontCatalogue(
  db: Queryable,
  username: string,
  now = new Date(),
  cache?: CatalogueCache,
) {
  const catalogue = cache
    ? await cache.get(db, username, now)
    : await loadCatalogue(db, username, false, now);
  // A store still in onboarding is not public yet; an inactive one shows only its notice (decision 0022).
  if (!catalogue || storeVisibility(catalogue.store) === "hidden") throw new AppError("storeNotFound");
  return catalogue;
}

/** One view (search, category, sort, page) of a store's catalogue. */
export async function storefrontOf(
  db: Queryable,
  catalogue: NonNullable<Awaited<ReturnType<typeof loadCatalogue>>>,
  query: StorefrontQuery,
  now = new Date(),
) {
  const { store, confirmation } = catalogue;
  const stamp = priceStampOf(
    confirmation && { confirmedAt: confirmation.answeredAt, day: confirmation.day },
    now,
  );
  const base = {
    store: {
      id: store.id,
      username: store.username,
      name: store.name,
      companyName: store.companyName,
      phone: store.phonePublic ? store.phone : null,
      active: store.active,
      // Business info: store-business-info.tsx renders these.
      address: store.address,
      logo: store.logoKey ? imageUrls(store.logoKey, "logo") : null,
      hours: store.hours,
      version: store.version,
    },
    stamp,
    pageSize: STOREFRONT_PAGE_SIZE,
  };
  if (storeVisibility(store) === "inactive")
    return { ...base, categories: [], products: [], total: 0, reporting: null };
  // Albanian texts only for an Albanian reader of a store that enables them.
  const reader = contentReader(store, query.locale ?? "mk");
  const view = catalogue.products
    ? viewInMemory(catalogue.products, query, reader)
    : await viewFromDatabase(db, store.id, query, now, reader);
  // The category menu in the reader's language too: an Albanian name where given, else Macedonian.
  const categories = catalogue.categories.map((item) => ({
    id: item.id,
    name: (reader === "sq" && item.nameSq) || item.name,
  }));
  return { ...base, categories, ...view };
}

type View = { products: PublicProduct[]; total: number; reporting: { id: string; name: string } | null };

type Reader = ContentReader;

// An Albanian reader's order of a held catalogue (by the name they read), computed once per entry.
const albanianOrders = new WeakMap<HeldProduct[], HeldProduct[]>();

/** The held catalogue in the reader's name order: the order byName(reader) gives in SQL. */
function inReaderOrder(held: HeldProduct[], reader: Reader): HeldProduct[] {
  if (reader !== "sq") return held;
  let sorted = albanianOrders.get(held);
  if (!sorted) {
    const shown = (entry: HeldProduct) => entry.albanian?.nameSq || entry.product.name;
    sorted = [...held].sort(
      (a, b) =>
        compareNames(shown(a), shown(b)) ||
        (a.product.id < b.product.id ? -1 : a.product.id > b.product.id ? 1 : 0),
    );
    albanianOrders.set(held, sorted);
  }
  return sorted;
}

/** The card's product in the reader's language: Albanian texts where it has them, else Macedonian. */
function inLanguage(product: PublicProduct, albanian: AlbanianText, reader: Reader): PublicProduct {
  if (reader !== "sq") return product;
  return inAlbanian(product, albanian);
}

/** Filters, sorts and pages a held catalogue exactly as viewFromDatabase does in SQL. */
function viewInMemory(held: HeldProduct[], query: StorefrontQuery, reader: Reader): View {
  const key = query.q ? searchKey(query.q) : "";
  let matching = inReaderOrder(held, reader).filter(
    ({ product, categoryId, searchText }) =>
      (!query.categoryId || categoryId === query.categoryId) &&
      (!key || searchText.includes(key)) &&
      (!query.discounted || Boolean(product.promotion)),
  );
  // Held in name order, and Array.prototype.sort is stable: ties stay in name order, as in SQL.
  if (query.sort === "price_asc")
    matching = matching.sort((a, b) => a.product.priceCents - b.product.priceCents);
  if (query.sort === "price_desc")
    matching = matching.sort((a, b) => b.product.priceCents - a.product.priceCents);
  const start = (query.page - 1) * STOREFRONT_PAGE_SIZE;
  const reported = query.reportId ? held.find(({ product }) => product.id === query.reportId) : undefined;
  return {
    products: matching
      .slice(start, start + STOREFRONT_PAGE_SIZE)
      .map(({ product, albanian }) => inLanguage(product, albanian, reader)),
    total: matching.length,
    reporting: reported
      ? { id: reported.product.id, name: inLanguage(reported.product, reported.albanian, reader).name }
      : null,
  };
}

async function viewFromDatabase(
  db: Queryable,
  storeId: string,
  query: StorefrontQuery,
  at: Date,
  reader: Reader,
): Promise<View> {
  const filters = { q: query.q, category: query.categoryId, promo: query.discounted };
  const [rows, total, reporting] = await Promise.all([
    publicProductsQuery(db, storeId, { filters, sort: query.sort, at, reader })
      .limit(STOREFRONT_PAGE_SIZE)
      .offset((query.page - 1) * STOREFRONT_PAGE_SIZE),
    countPublicProducts(db, storeId, filters, at),
    query.reportId
      ? db
          .select({ id: product.id, name: product.name, nameSq: product.nameSq })
          .from(product)
          .where(
            and(eq(product.storeId, storeId), eq(product.id, query.reportId), eq(product.status, "active")),
          )
          .limit(1)
          .then((found) => found[0] ?? null)
      : Promise.resolve(null),
  ]);
  return {
    products: rows.map((row) => inLanguage(toPublicProduct(row), albanianTextOf(row), reader)),
    total,
    reporting: reporting && {
      id: reporting.id,
      name: reader && reporting.nameSq ? reporting.nameSq : reporting.name,
    },
  };
}

/** The view the page's links and forms start from: every field filled, for the toolbar and pages. */
export function viewQuery(query: StorefrontQuery & { category: string }) {
  return {
    q: query.q ?? "",
    category: query.category,
    sort: query.sort ?? "name",
    discounted: query.discounted ?? false,
    page: query.page,
  };
}
