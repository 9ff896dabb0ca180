import { isUuid } from "~/lib/uuid";
// The products page's view state as it lives in the query string (decision 0015: a view can be shared and
// reloaded). Isomorphic: the loader parses it, the page builds links with it, and a bulk action on
// "everything matching" sends the same string back so the server rebuilds the same filter.

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const PRODUCT_SORTS = ["name", "price", "quantity", "updated"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export type SortDirection = "asc" | "desc";

export type ProductFilters = {
  q: string;
  /** A category id, "none" for uncategorised products, or "" for all. */
  category: string;
  status: "" | "active" | "inactive";
  stock: "" | "in" | "out";
  promo: boolean;
  noImage: boolean;
  /** Lacks something the law requires (the compliance check, app/features/compliance). */
  attention: boolean;
};

export type ProductListParams = ProductFilters & {
  sort: ProductSort;
  dir: SortDirection;
  page: number;
  pageSize: number;
};

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

export function parseProductFilters(params: URLSearchParams): ProductFilters {
  const category = params.get("category") ?? "";
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    category: category === "none" || isUuid(category) ? category : "",
    status: oneOf(params.get("status"), ["", "active", "inactive"] as const, ""),
    stock: oneOf(params.get("stock"), ["", "in", "out"] as const, ""),
    promo: params.get("promo") === "1",
    noImage: params.get("noImage") === "1",
    attention: params.get("attention") === "1",
  };
}

export function parsePageSize(value: string | null | undefined): number | null {
  const size = Number(value);
  return PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number]) ? size : null;
}

/** rememberedSize is the owner's last choice (a cookie) for when the URL names none. */
export function parseProductListParams(
  params: URLSearchParams,
  rememberedSize?: number | null,
): ProductListParams {
  const page = Number(params.get("page"));
  const sort = oneOf(params.get("sort"), PRODUCT_SORTS, "name");
  const defaultDir: SortDirection = sort === "updated" ? "desc" : "asc";
  return {
    ...parseProductFilters(params),
    sort,
    dir: oneOf(params.get("dir"), ["asc", "desc"] as const, defaultDir),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: parsePageSize(params.get("size")) ?? rememberedSize ?? DEFAULT_PAGE_SIZE,
  };
}

export function hasActiveFilters(filters: ProductFilters): boolean {
  return Boolean(
    filters.q ||
      filters.category ||
      filters.status ||
      filters.stock ||
      filters.promo ||
      filters.noImage ||
      filters.attention,
  );
}

// Preferences remembered per browser, read by the server so the first paint is right.
export const VIEW_COOKIE = "vitrina_products_view";
export const SIZE_COOKIE = "vitrina_products_size";
export type ProductView = "table" | "grid";

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

export function rememberCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read by the server.
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/dashboard; Max-Age=31536000; SameSite=Lax`;
}
