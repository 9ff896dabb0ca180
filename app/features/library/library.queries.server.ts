import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { libraryImage } from "~/db/schema/library";
import { imageUrls } from "~/features/images/image.server";
import { byNameOrder } from "~/lib/name-order";
import { searchKey } from "~/lib/transliterate";
import { asBarcode, LIBRARY_PAGE_SIZE, type LibraryEntry, type LibrarySearch } from "./library.schema";

export type { LibraryEntry };

// Reads of the shared image library (issue 18). The library has no store_id: every owner reads the
// same entries; nothing here writes.

const columns = {
  id: libraryImage.id,
  name: libraryImage.name,
  nameLatin: libraryImage.nameLatin,
  barcode: libraryImage.barcode,
  category: libraryImage.category,
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
function whereOf(search: Pick<LibrarySearch, "q" | "category">): { where: SQL | undefined; key: string } {
  const conditions: SQL[] = [];
  const barcode = asBarcode(search.q);
  const key = barcode ? "" : searchKey(search.q);
  if (barcode) conditions.push(eq(libraryImage.barcode, barcode));
  // The key holds only a-z, 0-9 and single spaces: no LIKE wildcard can reach the pattern.
  for (const word of key.split(" ").filter(Boolean))
    conditions.push(sql`${libraryImage.searchText} ilike ${`%${word}%`}`);
  const categoryKey = searchKey(search.category);
  if (categoryKey) conditions.push(eq(libraryImage.categoryKey, categoryKey));
  return { where: conditions.length ? and(...conditions) : undefined, key };
}

export type LibraryPage = { entries: LibraryEntry[]; total: number; page: number; pageSize: number };

/** A page of the library, the closest names first when a name is searched, else by name. */
export async function searchLibrary(
  db: Queryable,
  search: LibrarySearch,
  pageSize = LIBRARY_PAGE_SIZE,
): Promise<LibraryPage> {
  const { where, key } = whereOf(search);
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

/** The categories of the library for the filter, each once, by name. */
export async function listLibraryCategories(db: Queryable): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: libraryImage.category, key: libraryImage.categoryKey })
    .from(libraryImage)
    .where(sql`${libraryImage.categoryKey} <> ''`)
    .orderBy(asc(libraryImage.categoryKey), asc(libraryImage.category));
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.key) && seen.add(row.key)).map((row) => row.category);
}

export async function getLibraryEntry(db: Queryable, id: string): Promise<LibraryEntry | null> {
  const [row] = await db.select(columns).from(libraryImage).where(eq(libraryImage.id, id));
  return row ? toEntry(row) : null;
}
