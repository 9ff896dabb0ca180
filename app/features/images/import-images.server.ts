import type { Queryable } from "~/db/client.server";
import type { StoreContext } from "~/lib/service-context";
import { generateTiles, type TileResult } from "./tiles.server";

// The import wizard's images step (issue 14 step 4, PRODUCT.md "Import image options"), applied
// after the import's rows are committed. The import calls this; it knows nothing of tiles.

export const IMPORT_IMAGE_OPTIONS = ["generate", "library", "custom", "skip"] as const;
export type ImportImageOption = (typeof IMPORT_IMAGE_OPTIONS)[number];

export type ImportImagesResult =
  /** Tiles drawn for the products that had no image; the others keep theirs. */
  | ({ option: "generate" } & TileResult)
  /** The shared image library is issue 18: until it exists nothing is matched, and the step says so. */
  | { option: "library"; available: false; matched: 0 }
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
      return { option: "library", available: false, matched: 0 };
    case "custom":
      return { option: "custom", redirectTo: importImagesPath(input.importId) };
    case "skip":
      return { option: "skip" };
  }
}
