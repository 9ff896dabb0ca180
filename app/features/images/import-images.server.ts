import { and, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { product } from "~/db/schema/catalog";
import type { ImportImageOption } from "~/db/schema/imports";
import { getImportJob } from "~/features/import/import-job.server";
import {
  type LibraryMatch,
  type LibraryMatchResult,
  matchLibraryImages,
  suggestLibraryImages,
} from "~/features/library/library-match.server";
import type { StoreContext } from "~/lib/service-context";
import { generateTiles, type TileResult } from "./tiles.server";

// The import wizard's images step (PRODUCT.md "Import image options"), applied
// after the import's rows are committed. The import calls this; it knows nothing of tiles.

export type ImportImagesResult =
  /** Tiles drawn for the products that had no image; the others keep theirs. */
  | ({ option: "generate" } & TileResult)
  /** Each product without an image takes its best library match above the threshold (decision 0057). */
  | ({ option: "library" } & LibraryMatchResult)
  /** The owner picks an image per product on this page ("Product X of Y"). */
  | { option: "custom"; redirectTo: string }
  | { option: "skip" };

export type ApplyImportImagesInput = {
  db: Queryable;
  storeId: string;
  importId: string;
  option: ImportImageOption;
  /** The products the import added or updated; ids of another store are ignored. */
  productIds: string[];
};

/** Where "upload custom" walks the import's products one by one. */
export function importImagesPath(importId: string): string {
  return `/dashboard/products/import/${encodeURIComponent(importId)}/images`;
}

export async function applyImportImages(input: ApplyImportImagesInput): Promise<ImportImagesResult> {
  const ctx: StoreContext = { db: input.db, storeId: input.storeId, actor: { userId: null } };
  switch (input.option) {
    case "generate":
      return { option: "generate", ...(await generateTiles(ctx, input.productIds)) };
    case "library":
      return { option: "library", ...(await matchLibraryImages(ctx, input.productIds)) };
    case "custom":
      return { option: "custom", redirectTo: importImagesPath(input.importId) };
    case "skip":
      return { option: "skip" };
  }
}

export type ImportImageStep = {
  /** 0-based position in the import's products; clamped to the list. */
  index: number;
  total: number;
  /** The product at that position, or null when it was deleted since the import. */
  product: { id: string; name: string; imageUrl: string | null } | null;
  /** The library's best images for the product's name or barcode, offered before the upload. */
  suggestions: LibraryMatch[];
};

/**
 * "Upload custom": the import's products one by one, "Product X of Y". Only an
 * import of the signed-in owner's store is found, and only that store's products are shown, even if
 * the job lists another id.
 */
export async function getImportImageStep(
  ctx: StoreContext,
  importId: string,
  index: number,
): Promise<ImportImageStep> {
  const job = await getImportJob(ctx, importId);
  const ids = job.status === "done" ? (job.productIds ?? []) : [];
  const total = ids.length;
  const at = Math.min(Math.max(0, Math.trunc(index) || 0), Math.max(0, total - 1));
  const id = ids[at];
  if (!id) return { index: 0, total: 0, product: null, suggestions: [] };
  const [row] = await ctx.db
    .select({ id: product.id, name: product.name, imageUrl: product.imageUrl, barcode: product.barcode })
    .from(product)
    .where(and(eq(product.storeId, ctx.storeId), eq(product.id, id)));
  if (!row) return { index: at, total, product: null, suggestions: [] };
  const { barcode, ...shown } = row;
  return { index: at, total, product: shown, suggestions: await suggestLibraryImages(ctx.db, row) };
}
