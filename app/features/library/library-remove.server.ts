import { count, eq, inArray } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { product } from "~/db/schema/catalog";
import { libraryImage } from "~/db/schema/library";
import { recordAudit } from "~/features/audit/audit.server";
import { clearProductImages } from "~/features/catalog/product-writer.server";
import { imageUrls } from "~/features/images/image.server";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { deleteLibraryFiles } from "./library-write.server";

// An admin removes an entry of the shared library (decision 0078). Products show a library
// image by its URL (decision 0056, nothing copied), so removing the entry takes the image away from
// every product that showed it: an entry is removed because its picture is wrong or may not be used,
// and a copy kept in each store would keep showing exactly that. The products' rows change in one
// transaction with the entry's (their stores' cached pages are dropped by the version triggers);
// the files go after the commit; the audit log keeps what was removed and what it touched.

/** How many products (of every store) show each of these library image URLs now. */
export async function libraryUsage(db: Queryable, urls: string[]): Promise<Record<string, number>> {
  if (urls.length === 0) return {};
  const rows = await db
    .select({ url: product.imageUrl, n: count() })
    .from(product)
    .where(inArray(product.imageUrl, urls))
    .groupBy(product.imageUrl);
  return Object.fromEntries(rows.map((row) => [row.url ?? "", Number(row.n)]));
}

export async function removeLibraryEntry(
  ctx: { db: Db; adminId: string },
  entryId: string,
): Promise<{ name: string; productsCleared: number }> {
  if (!isUuid(entryId)) throw new AppError("notFound");
  const [entry] = await ctx.db.select().from(libraryImage).where(eq(libraryImage.id, entryId));
  if (!entry) throw new AppError("notFound");
  const { url, thumbUrl } = imageUrls(entry.imageKey, "product");
  const cleared = await ctx.db.transaction(async (tx) => {
    const products = await clearProductImages(tx, [url, thumbUrl]);
    await tx.delete(libraryImage).where(eq(libraryImage.id, entry.id));
    return products;
  });
  await deleteLibraryFiles(entry.imageKey);
  await recordAudit(ctx.db, {
    action: "library_entry_removed",
    userId: ctx.adminId,
    details: {
      entryId: entry.id,
      name: entry.name,
      barcode: entry.barcode,
      imageKey: entry.imageKey,
      source: entry.source,
      productsCleared: cleared.length,
      stores: new Set(cleared.map((row) => row.storeId)).size,
    },
  });
  return { name: entry.name, productsCleared: cleared.length };
}
