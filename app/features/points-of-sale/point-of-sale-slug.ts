// A point of sale lives at /{username}/{slug}, beside the store's own sub-pages, so a
// slug must be a safe path segment that never names one of them (decision 0068).
import { suggestUsername } from "~/lib/slug";

export const POINT_OF_SALE_SLUG_MAX = 40;

/**
 * The store's own sub-pages and files under /{username}/ (app/routes.ts), and the names they may
 * take next, which no point of sale may use. A test reads the route table to keep this complete.
 */
// biome-ignore format: grouped by reason, one group a line
export const RESERVED_POINT_OF_SALE_SLUGS: ReadonlySet<string> = new Set([
  // the store's sub-pages and files today
  "prices", "posts", "price-list", "prices-csv", "prices-json", "price-list-pdf", "embed",
  // what a store page may grow
  "points-of-sale", "locations", "shops", "stores", "store", "products", "product", "categories",
  "promotions", "promotion", "news", "about", "contact", "report", "reports", "search", "feed",
  "feeds", "archive", "api", "images", "media", "sitemap", "robots", "rss", "atom", "qr", "print",
  "pdf", "csv", "json", "xml", "admin", "dashboard", "settings", "new", "edit", "index", "null",
  "undefined",
  // the probes and metrics: a store's own domain answers them with 404, so no point of sale there
  "healthz", "readyz", "metrics",
]);

export type SlugProblem = "required" | "tooLong" | "invalidChars" | "reserved";

/** The first rule a slug breaks, or null. Lower-case ASCII letters, digits and single hyphens. */
export function slugProblem(value: string): SlugProblem | null {
  if (value === "") return "required";
  if (value.length > POINT_OF_SALE_SLUG_MAX) return "tooLong";
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)) return "invalidChars";
  if (RESERVED_POINT_OF_SALE_SLUGS.has(value)) return "reserved";
  return null;
}

/** "Маркет Центар" → "market-centar"; a reserved or empty result gets a suffix the caller may bump. */
export function suggestSlug(name: string): string {
  const base = suggestUsername(name)
    .slice(0, POINT_OF_SALE_SLUG_MAX - 3)
    .replace(/-+$/, "");
  if (!base) return "pos";
  return RESERVED_POINT_OF_SALE_SLUGS.has(base) ? `${base}-1` : base;
}
