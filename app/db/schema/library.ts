import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { byNameOrder, NAME_ORDER_EXPRESSION } from "~/lib/name-order";

// The shared image library (decision 0056, PRODUCT.md "library"): operator-curated product images that
// every owner can search and assign. Not store data: no store_id; read by every signed-in owner,
// written only by scripts (`npm run library:import`, the starter set at start-up), never by a route.
export const libraryImage = pgTable(
  "library_image",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The Macedonian name as shown. */
    name: text().notNull(),
    /** The name's alphabetical key (decision 0023): "Аспирин" before "Јаболка" on PGlite and PostgreSQL alike. */
    nameOrder: text().generatedAlwaysAs(NAME_ORDER_EXPRESSION),
    /** Latin and Albanian spellings of the name, as given by the operator ("Mleko; Qumësht"). */
    nameLatin: text().notNull().default(""),
    barcode: text(),
    /**
     * The operator's description of the product, in Macedonian: offered to an owner whose product
     * with the same barcode has none (the law asks each listed item for one). Null when not given.
     */
    description: text(),
    category: text().notNull().default(""),
    /** searchKey(category): the category filter compares keys, so "Млечни" = "mlechni". */
    categoryKey: text().notNull().default(""),
    /** The category in Latin script, Albanian where it has a name ("Produkte qumështi"): shown to sq and en readers. */
    categoryLatin: text().notNull().default(""),
    /** searchKey(categoryLatin): the filter takes either spelling of a category. */
    categoryLatinKey: text().notNull().default(""),
    /** The stored image without size: `library/{hex}`, sizes as a product upload (800 and 320 px WebP). */
    imageKey: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    /** searchKey of the name and its spellings (decision 0005), so "млеко" and "mleko" meet. */
    searchText: text().notNull(),
    /** What makes an entry the same on a re-run (name, barcode and the image's bytes): imports are idempotent. */
    fingerprint: text().notNull(),
    /** "starter" (shipped with the app) or "import" (npm run library:import). */
    source: text({ enum: ["starter", "import"] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("library_image_fingerprint_idx").on(t.fingerprint),
    // A product shows a library image by its URL; the import's result finds the entry by this key.
    uniqueIndex("library_image_key_idx").on(t.imageKey),
    // Substring and similarity search on the skeleton (docs/performance.md "Image library").
    index("library_image_search_trgm_idx")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index("library_image_barcode_idx").on(t.barcode),
    index("library_image_category_idx").on(t.categoryKey, byNameOrder(t.nameOrder), t.id),
    // The filter given a Latin category name finds its Macedonian key here (index-only).
    index("library_image_category_latin_idx").on(t.categoryLatinKey, t.categoryKey),
    index("library_image_name_idx").on(byNameOrder(t.nameOrder), t.id),
  ],
);

export type LibraryImage = typeof libraryImage.$inferSelect;
