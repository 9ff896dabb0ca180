import { and, asc, desc, eq, inArray, isNull, like, or, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { product } from "~/db/schema/catalog";
import { libraryImage } from "~/db/schema/library";
import { netQuantityFromName } from "~/features/catalog/net-quantity-from-name";
import { setMissingProductImages } from "~/features/catalog/product-writer.server";
import { imageUrls } from "~/features/images/image.server";
import { byNameOrder } from "~/lib/name-order";
import type { StoreContext } from "~/lib/service-context";
import { searchKey } from "~/lib/transliterate";
import { isUuid } from "~/lib/uuid";
import { toEntry } from "./library.queries.server";
import { asBarcode, type LibraryMatch } from "./library.schema";

export type { LibraryMatch };

// The library's best images for a product (decision 0057): the picker and onboarding's "Product X of Y"
// offer them first; the import's "use first image for all" assigns the best one when it is sure.

/**
 * Trigram similarity of the name skeletons at or above which the import assigns an image by itself.
 * Below it a name shares words with an entry without being that product ("Млеко Здравје 1 л" and
 * "Млеко Бимилк 1 л" score about 0.45): a wrong image is worse than none. A barcode match always counts.
 */
export const LIBRARY_MATCH_THRESHOLD = 0.6;
/** The least similarity a name needs to be offered at all (the picker shows the best six). */
const SUGGEST_THRESHOLD = 0.45;

type MatchQuery = { key: string; barcode: string | null; limit: number };

/**
 * The closest entries for a product's name or barcode, best first: the barcode's entries, then by
 * similarity of the name. First the entries holding every word of the name (the trigram index finds
 * them exactly, the way the page's search does); only when they are fewer than `limit`, the wider
 * similarity search (pg_trgm `%` at SUGGEST_THRESHOLD), whose recheck costs more (docs/performance.md).
 */
export async function suggestLibraryImages(
  db: Queryable,
  input: { name: string; barcode?: string | null },
  limit = 6,
): Promise<LibraryMatch[]> {
  const query: MatchQuery = {
    key: searchKey(input.name),
    barcode: input.barcode ? asBarcode(input.barcode) : null,
    limit,
  };
  if (!query.key && !query.barcode) return [];
  const words = query.key.split(" ").filter((word) => word.length >= 3 && /[a-z]/.test(word));
  const exact = words.length
    ? await queryMatches(
        db,
        query,
        and(...words.map((word) => sql`${libraryImage.searchText} ilike ${`%${word}%`}`))!,
      )
    : [];
  if (exact.length >= limit) return exact;
  const similar = await queryMatches(
    db,
    query,
    sql`${libraryImage.searchText} % ${query.key}`,
    SUGGEST_THRESHOLD,
  );
  const seen = new Set(exact.map((entry) => entry.id));
  return [...exact, ...similar.filter((entry) => !seen.has(entry.id))]
    .sort((a, b) => Number(b.byBarcode) - Number(a.byBarcode) || b.score - a.score)
    .slice(0, limit);
}

async function queryMatches(
  db: Queryable,
  { key, barcode, limit }: MatchQuery,
  byName: SQL,
  threshold?: number,
): Promise<LibraryMatch[]> {
  const score = sql<number>`similarity(${libraryImage.searchText}, ${key})`.mapWith(Number);
  const byBarcode = barcode
    ? sql<boolean>`coalesce(${libraryImage.barcode} = ${barcode}, false)`
    : sql<boolean>`false`;
  const where =
    barcode && key
      ? or(eq(libraryImage.barcode, barcode), byName)
      : barcode
        ? eq(libraryImage.barcode, barcode)
        : byName;
  const select = (q: Queryable) =>
    q
      .select({
        id: libraryImage.id,
        name: libraryImage.name,
        nameLatin: libraryImage.nameLatin,
        barcode: libraryImage.barcode,
        category: libraryImage.category,
        categoryLatin: libraryImage.categoryLatin,
        imageKey: libraryImage.imageKey,
        score,
        byBarcode,
      })
      .from(libraryImage)
      .where(where)
      .orderBy(
        ...(barcode ? [desc(byBarcode)] : []),
        desc(score),
        asc(byNameOrder(libraryImage.nameOrder)),
        asc(libraryImage.id),
      )
      .limit(limit);
  // `%` takes its threshold from the session: set for this transaction only. At the default 0.3 a
  // common word ("mleko") sent 2,000 of 20,000 entries to the recheck, at 0.45 under 900. SET LOCAL,
  // not set_config(): the store's role may not call set_config (decision 0120); the number is
  // checked before it is written into the statement.
  if (threshold !== undefined && !(threshold >= 0 && threshold <= 1))
    throw new Error(`library match: not a similarity threshold: ${threshold}`);
  const rows =
    threshold === undefined
      ? await select(db)
      : await db.transaction(async (tx) => {
          await tx.execute(sql.raw(`set local pg_trgm.similarity_threshold = ${Number(threshold)}`));
          return select(tx);
        });
  return rows.map(({ score, byBarcode, ...row }) => ({
    ...toEntry(row),
    score,
    byBarcode: Boolean(byBarcode),
  }));
}

/** The entry the import may assign by itself, or null when none is close enough. */
export async function bestLibraryMatch(
  db: Queryable,
  input: { name: string; barcode?: string | null },
): Promise<LibraryMatch | null> {
  const query: MatchQuery = {
    key: searchKey(input.name),
    barcode: input.barcode ? asBarcode(input.barcode) : null,
    limit: 1,
  };
  if (!query.key && !query.barcode) return null;
  // Only an entry at the threshold may be assigned: the index prunes with that threshold at once.
  // A few of them: the closest name may be another pack size of the product ("… 2 л" for "… 0,5 л").
  const matches = await queryMatches(
    db,
    { ...query, limit: SIZE_CANDIDATES },
    sql`${libraryImage.searchText} % ${query.key}`,
    LIBRARY_MATCH_THRESHOLD,
  );
  const size = sizeOf(input.name);
  return (
    matches.find(
      (entry) => entry.byBarcode || (entry.score >= LIBRARY_MATCH_THRESHOLD && sizeOf(entry.name) === size),
    ) ?? null
  );
}

/** How many close entries the import weighs for a product's size before it leaves it without an image. */
const SIZE_CANDIDATES = 8;

/**
 * The pack size a name states, as one comparable text ("500 ml" for "0,5 л" and "500 мл"), or "" when
 * it states none. Decision 0126: an image is assigned by name only when the sizes agree — a 0,5 l
 * bottle must not get the 2 l picture, nor a name without a size one that shows a size.
 */
function sizeOf(name: string): string {
  const found = netQuantityFromName(name);
  if (!found) return "";
  const big = found.netUnit === "kg" || found.netUnit === "l";
  const unit = found.netUnit === "kg" ? "g" : found.netUnit === "l" ? "ml" : found.netUnit;
  return `${found.count}x${(found.netQuantityMilli * (big ? 1000 : 1)) / 1000} ${unit}`;
}

export type LibraryMatchResult = { matched: number; unmatched: number; skipped: number };
const CONCURRENCY = 4;

/**
 * "Use first image for all" (PRODUCT.md "Import image options"): each of these products of the
 * store that has no image yet takes its best library match, when there is one above the threshold;
 * the others stay without. Another store's id, or a product that got an image meanwhile, is skipped.
 */
export async function matchLibraryImages(
  ctx: StoreContext,
  productIds: string[],
): Promise<LibraryMatchResult> {
  const ids = [...new Set(productIds)].filter(isUuid);
  const result: LibraryMatchResult = { matched: 0, unmatched: 0, skipped: productIds.length - ids.length };
  for (let start = 0; start < ids.length; start += 100) {
    const chunk = ids.slice(start, start + 100);
    const targets = await ctx.db
      .select({ id: product.id, name: product.name, barcode: product.barcode })
      .from(product)
      .where(and(eq(product.storeId, ctx.storeId), inArray(product.id, chunk), isNull(product.imageUrl)));
    result.skipped += chunk.length - targets.length;
    let next = 0;
    const worker = async () => {
      while (next < targets.length) {
        const target = targets[next++]!;
        const best = await bestLibraryMatch(ctx.db, target);
        if (!best) {
          result.unmatched += 1;
          continue;
        }
        const updated = await setMissingProductImages(ctx, [{ id: target.id, imageUrl: best.url }]);
        if (updated.size > 0) result.matched += 1;
        else result.skipped += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, targets.length) }, worker));
  }
  return result;
}

export type ImportLibraryMatch = {
  productId: string;
  productName: string;
  entryName: string;
  thumbUrl: string;
};

/**
 * What the import's "use first image for all" matched, for its result page: the import's products
 * (of this store only) that show a library image, with the entry's name, and how many have none.
 */
export async function importLibraryMatches(
  ctx: StoreContext,
  productIds: string[],
  shown = 50,
): Promise<{ matched: ImportLibraryMatch[]; matchedCount: number; withoutImage: number }> {
  const ids = [...new Set(productIds)].filter(isUuid);
  if (ids.length === 0) return { matched: [], matchedCount: 0, withoutImage: 0 };
  const libraryUrl = imageUrls("library/x", "product").url.replace(/x-800\.webp$/, "");
  const rows = await ctx.db
    .select({ id: product.id, name: product.name, imageUrl: product.imageUrl })
    .from(product)
    .where(
      and(
        eq(product.storeId, ctx.storeId),
        inArray(product.id, ids),
        or(isNull(product.imageUrl), like(product.imageUrl, `${libraryUrl}%`)),
      ),
    )
    .orderBy(asc(product.name));
  const withImage = rows.filter((row) => row.imageUrl);
  const keys = withImage.map(
    (row) => `library/${row.imageUrl!.slice(libraryUrl.length).replace(/-800\.webp$/, "")}`,
  );
  const entries = keys.length
    ? await ctx.db
        .select({ imageKey: libraryImage.imageKey, name: libraryImage.name })
        .from(libraryImage)
        .where(inArray(libraryImage.imageKey, [...new Set(keys)]))
    : [];
  const nameOf = new Map(entries.map((entry) => [entry.imageKey, entry.name]));
  return {
    matched: withImage.slice(0, shown).map((row, i) => ({
      productId: row.id,
      productName: row.name,
      entryName: nameOf.get(keys[i]!) ?? "",
      thumbUrl: row.imageUrl!.replace(/-800\.webp$/, "-320.webp"),
    })),
    matchedCount: withImage.length,
    withoutImage: rows.length - withImage.length,
  };
}
