// Which messages the public pages need in the browser (decision 0008). Imported by vite.config.ts,
// which builds each language's catalogue as two chunks with it: keep this file free of imports.

type Catalogue = Record<string, Record<string, unknown>>;

/**
 * What the public pages speak with: the store page with its report dialog and business information,
 * /{username}/prices, the landing page, and the 404 and error pages. A namespace of theirs comes
 * whole (`true`); of a namespace the dashboard owns, only the top-level keys a public page shows.
 * namespaces.test.ts fails when the public pages' code names a key outside this list.
 */
export const PUBLIC_MESSAGES: Record<string, true | readonly string[]> = {
  businessInfo: true,
  common: true,
  errors: true,
  landing: true,
  pricelist: true,
  store: true,
  validation: true,
  compliance: ["report", "reasons"],
  products: ["availability", "units"],
};

/** A language's catalogue as the browser downloads it: the public part, and the rest. */
export function splitCatalogue(messages: Catalogue): { public: Catalogue; rest: Catalogue } {
  const publicPart: Catalogue = {};
  const rest: Catalogue = {};
  for (const [namespace, bundle] of Object.entries(messages)) {
    const shown = PUBLIC_MESSAGES[namespace];
    for (const [key, value] of Object.entries(bundle)) {
      const part = shown === true || shown?.includes(key) ? publicPart : rest;
      part[namespace] ??= {};
      part[namespace][key] = value;
    }
  }
  return { public: publicPart, rest };
}

/** Which part of a language's catalogue a page needs in the browser. */
export type MessageScope = "public" | "all";

// The public pages' route patterns as React Router passes them to loaders and middleware (the
// matched routes' paths joined: "" for the landing page, "*" for a path no route claims).
const PUBLIC_PATTERNS = new Set([
  "",
  ":username",
  ":username/prices",
  ":username/posts",
  // A point of sale's price list page.
  ":username/:pointOfSale",
  "*",
]);

/** An unknown pattern gets the whole catalogue: a page never shows a key for want of a namespace. */
export function messageScope(pattern: string): MessageScope {
  return PUBLIC_PATTERNS.has(pattern.replace(/^\/+/, "")) ? "public" : "all";
}
