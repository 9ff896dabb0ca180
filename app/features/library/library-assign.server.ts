import { setProductImage } from "~/features/catalog/product.server";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { getLibraryEntry } from "./library.queries.server";
import { libraryAssignSchema } from "./library.schema";

/**
 * Gives one product or the selected products the library image. The product refers to
 * the library's stored image (decision 0056): nothing is copied, and the library never deletes an
 * image a product may show. Every id must be a product of the signed-in owner's store: one that is
 * not (another store's, a deleted one) refuses the whole assignment and nothing changes.
 */
export async function assignLibraryImage(
  ctx: StoreContext,
  input: { entryId: unknown; productIds: unknown },
): Promise<{ assigned: number }> {
  const { entryId, productIds } = libraryAssignSchema.parse(input);
  const entry = await getLibraryEntry(ctx.db, entryId);
  if (!entry) throw new AppError("notFound");
  const ids = [...new Set(productIds)];
  await ctx.db.transaction(async (tx) => {
    // setProductImage throws notFound for an id outside this store; the transaction undoes the rest.
    for (const id of ids) await setProductImage({ ...ctx, db: tx }, id, entry.url);
  });
  return { assigned: ids.length };
}
