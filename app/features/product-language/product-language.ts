import type { Locale } from "~/i18n/config";
import { searchKey } from "~/lib/transliterate";

// Product content in Macedonian and Albanian (decision 0074). Macedonian is every
// product's content; Albanian is an optional translation a store turns on. Isomorphic and pure.

/**
 * Who reads a public path: "sq", an Albanian reader of a store with Albanian content on; null,
 * everyone else (Macedonian texts and order).
 */
export type ContentReader = "sq" | null;

export function contentReader(store: { albanianContent: boolean }, locale: Locale): ContentReader {
  return store.albanianContent && locale === "sq" ? "sq" : null;
}

/** A product's texts in both languages; the Albanian ones are null when not given. */
export type BilingualText = {
  name: string;
  description: string | null;
  nameSq?: string | null;
  descriptionSq?: string | null;
};

/**
 * The name and description a reader of `locale` sees: the Albanian ones for an Albanian reader
 * when the product has them, else the Macedonian ones (each field on its own: a product with an
 * Albanian name but no Albanian description shows the Macedonian description).
 */
export function contentFor<T extends BilingualText>(
  product: T,
  locale: Locale,
): { name: string; description: string | null } {
  if (locale !== "sq") return { name: product.name, description: product.description };
  return {
    name: product.nameSq || product.name,
    description: product.descriptionSq || product.description,
  };
}

/** The product with its name and description in the reader's language (other fields unchanged). */
export function localized<T extends BilingualText>(product: T, locale: Locale): T {
  return { ...product, ...contentFor(product, locale) };
}

/**
 * The product's search key (decision 0005): both languages' names and descriptions and the
 * barcode, so a visitor finds a product by either name through the one trigram index.
 */
export function productSearchText(fields: BilingualText & { barcode: string | null }): string {
  return searchKey(
    [
      fields.name,
      fields.nameSq ?? "",
      fields.description ?? "",
      fields.descriptionSq ?? "",
      fields.barcode ?? "",
    ].join(" "),
  );
}
