import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { libraryImage } from "~/db/schema/library";
import { imageUrls } from "~/features/images/image.server";
import { byNameOrder } from "~/lib/name-order";
import { searchKey } from "~/lib/transliterate";
import {
  asBarcode,
  LIBRARY_PAGE_SIZE,
  type LibraryCategory,
  type LibraryEntry,
  type LibrarySearch,
} from "./library.schema";

export type { LibraryEntry };

// Reads of the shared image library (decision 0056). The library has no store_id: every owner reads the
// same entries; nothing here writes.

const columns = {
  id: libraryImage.id,
  name: libraryImage.name,
  nameLatin: libraryImage.nameLatin,
  barcode: libraryImage.barcode,
  category: libraryImage.category,
  categoryLatin: libraryImage.categoryLatin,
  imageKey: libraryImage.imageKey,
};
type Row = { [K in keyof typeof columns]: (typeof libraryImage.$inferSelect)[K] };

export function toEntry({ imageKey, ...row }: Row): LibraryEntry {
  return { ...row, ...imageUrls(imageKey, "product") };
}

/**
 * One `where` for the page and its count. A barcode is matched exactly; a name word by word on the
 * transliterated skeleton (decision 0005), each word a substring, so "млеко" finds "Kiselo mleko"
 * and "mleko" finds "Млеко". The trigram index serves the ILIKEs (docs/performance.md).
 */
function whereOf(
  search: Pick<LibrarySearch, "q">,
  categoryKeys: string[],
): { where: SQL | undefined; key: string } {
  const conditions: SQL[] = [];
  const barcode = asBarcode(search.q);
  const key = barcode ? "" : searchKey(search.q);
  if (barcode) conditions.push(eq(libraryImage.barcode, barcode));
  // The key holds only a-z, 0-9 and single spaces: no LIKE wildcard can reach the pattern.
  for (const word of key.split(" ").filter(Boolean))
    conditions.push(sql`${libraryImage.searchText} ilike ${`%${word}%`}`);
  if (categoryKeys.length) conditions.push(inArray(libraryImage.categoryKey, categoryKeys));
  return { where: conditions.length ? and(...conditions) : undefined, key };
}

export type LibraryPage = { entries: LibraryEntry[]; total: number; page: number; pageSize: number };

/** A page of the library, the closest names first when a name is searched, else by name. */
export async function searchLibrary(
  db: Queryable,
  search: LibrarySearch,
  pageSize = LIBRARY_PAGE_SIZE,
): Promise<LibraryPage> {
  const { where, key } = whereOf(search, await categoryKeysOf(db, search.category));
  const order = key
    ? [
        desc(sql`similarity(${libraryImage.searchText}, ${key})`),
        asc(byNameOrder(libraryImage.nameOrder)),
        asc(libraryImage.id),
      ]
    : [asc(byNameOrder(libraryImage.nameOrder)), asc(libraryImage.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(libraryImage)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((search.page - 1) * pageSize),
    db.select({ value: count() }).from(libraryImage).where(where),
  ]);
  return { entries: rows.map(toEntry), total: total?.value ?? 0, page: search.page, pageSize };
}

/**
 * The category keys a filter value stands for: its own key (a Macedonian name, in either alphabet)
 * and the keys of the categories whose Latin/Albanian name it is ("Produkte qumështi" is "Млечни
 * производи"). The page then filters on category_key alone, in the category index's order.
 */
export async function categoryKeysOf(db: Queryable, category: string): Promise<string[]> {
  const key = searchKey(category);
  if (!key) return [];
  const rows = await db
    .selectDistinct({ key: libraryImage.categoryKey })
    .from(libraryImage)
    .where(eq(libraryImage.categoryLatinKey, key));
  return [...new Set([key, ...rows.map((row) => row.key).filter(Boolean)])];
}

/** The categories of the library for the filter, each once (by key), with a Latin name when any entry has one. */
export async function listLibraryCategories(db: Queryable): Promise<LibraryCategory[]> {
  const rows = await db
    .selectDistinct({
      category: libraryImage.category,
      key: libraryImage.categoryKey,
      latin: libraryImage.categoryLatin,
    })
    .from(libraryImage)
    .where(sql`${libraryImage.categoryKey} <> ''`)
    .orderBy(asc(libraryImage.categoryKey), asc(libraryImage.category), desc(libraryImage.categoryLatin));
  const byKey = new Map<string, LibraryCategory>();
  for (const row of rows) {
    const known = byKey.get(row.key);
    if (!known) byKey.set(row.key, { name: row.category, latin: row.latin });
    else if (!known.latin && row.latin) known.latin = row.latin;
  }
  return [...byKey.values()];
}

export async function getLibraryEntry(db: Queryable, id: string): Promise<LibraryEntry | null> {
  const [row] = await db.select(columns).from(libraryImage).where(eq(libraryImage.id, id));
  return row ? toEntry(row) : null;
}
