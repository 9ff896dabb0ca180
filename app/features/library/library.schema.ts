import { z } from "zod";

// The library page's query (decision 0057): a name in Cyrillic or Latin, or a barcode, and a category.
export const LIBRARY_PAGE_SIZE = 24;
/** Products one assignment may change: a page of the products list selected at most. */
export const LIBRARY_ASSIGN_MAX = 500;

export const librarySearchSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  category: z.string().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type LibrarySearch = z.infer<typeof librarySearchSchema>;

/** A barcode typed into the search box: EAN-8, UPC-A, EAN-13 or GTIN-14 digits, matched exactly. */
export function asBarcode(q: string): string | null {
  const digits = q.replace(/\s+/g, "");
  return /^\d{8,14}$/.test(digits) ? digits : null;
}

export const libraryAssignSchema = z.object({
  entryId: z.string().uuid("errors:notFound"),
  productIds: z
    .array(z.string().uuid("errors:notFound"))
    .min(1, "errors:libraryNoProducts")
    .max(LIBRARY_ASSIGN_MAX),
});

/** One library image as pages show it. */
export type LibraryEntry = {
  id: string;
  name: string;
  nameLatin: string;
  barcode: string | null;
  category: string;
  /** The category's Latin/Albanian name, "" when the operator gave none. */
  categoryLatin: string;
  url: string;
  thumbUrl: string;
};

/** A category of the library: its Macedonian name (the filter's value) and its Latin/Albanian one. */
export type LibraryCategory = { name: string; latin: string };

/**
 * A category as a reader sees it: Macedonian readers the Macedonian name, Albanian and English
 * readers the Latin/Albanian name when the library has one, else the Macedonian.
 */
export function categoryLabel(category: { name: string; latin: string }, language: string): string {
  return language !== "mk" && category.latin ? category.latin : category.name;
}

/** An entry offered for a product: by its barcode, or by the similarity of the names (0..1). */
export type LibraryMatch = LibraryEntry & { score: number; byBarcode: boolean };
