import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { libraryImage } from "~/db/schema/library";
import { IMAGE_VARIANTS, type ProcessedImage, processImage } from "~/features/images/image.server";
import { searchKey } from "~/lib/transliterate";
import { getStorage } from "~/storage/storage.server";

// The one write path of the shared library (decision 0056): `npm run library:import` and the starter set.
// No route calls it; owners only read the library. Images go through the upload pipeline
// (image.server.ts: type by content, 5 MB and pixel caps, re-encoded to WebP 800 and 320 px).

export type LibraryEntryInput = {
  name: string;
  /** Latin and Albanian spellings ("Mleko; Qumësht"). */
  nameLatin?: string;
  barcode?: string | null;
  category?: string;
  /** The category in Latin script, Albanian where it has a name ("Produkte qumështi"); optional. */
  categoryLatin?: string;
  /** The product's description in Macedonian, offered to owners with the same barcode; optional. */
  description?: string | null;
};

/** What makes a re-run add nothing: the name, the barcode and the image's bytes. */
export function libraryFingerprint(input: LibraryEntryInput, imageBytes: Uint8Array | string): string {
  const image = createHash("sha256").update(imageBytes).digest("hex");
  return createHash("sha256")
    .update(JSON.stringify([input.name.trim(), input.barcode?.trim() || null, image]))
    .digest("hex");
}

export async function hasLibraryFingerprint(db: Queryable, fingerprint: string): Promise<boolean> {
  const [row] = await db
    .select({ id: libraryImage.id })
    .from(libraryImage)
    .where(eq(libraryImage.fingerprint, fingerprint));
  return Boolean(row);
}

export type AddOutcome = "added" | "exists";

/**
 * Adds one entry: the image processed (or already drawn, for the starter tiles) and stored under
 * `library/{random}` in every size, then the row. An entry with the same fingerprint is left as it is.
 */
export async function addLibraryEntry(
  db: Queryable,
  input: LibraryEntryInput & { source: "starter" | "import"; fingerprint: string },
  image: { bytes: Buffer } | { processed: ProcessedImage },
): Promise<AddOutcome> {
  if (await hasLibraryFingerprint(db, input.fingerprint)) return "exists";
  const processed = "processed" in image ? image.processed : await processImage(image.bytes, "product");
  const key = `library/${randomBytes(12).toString("hex")}`;
  const storage = getStorage();
  try {
    for (const variant of processed.variants)
      await storage.put(`${key}-${variant.suffix}.webp`, variant.body, "image/webp");
  } catch (error) {
    await deleteLibraryFiles(key);
    throw error;
  }
  const name = input.name.trim();
  const nameLatin = input.nameLatin?.trim() ?? "";
  const category = input.category?.trim() ?? "";
  const categoryLatin = input.categoryLatin?.trim() ?? "";
  const description = input.description?.trim() || null;
  const inserted = await db
    .insert(libraryImage)
    .values({
      name,
      nameLatin,
      barcode: input.barcode?.trim() || null,
      category,
      categoryKey: searchKey(category),
      categoryLatin,
      categoryLatinKey: searchKey(categoryLatin),
      description,
      imageKey: key,
      width: processed.width,
      height: processed.height,
      searchText: searchKey(`${name} ${nameLatin}`),
      fingerprint: input.fingerprint,
      source: input.source,
    })
    .onConflictDoNothing({ target: libraryImage.fingerprint })
    .returning({ id: libraryImage.id });
  if (inserted.length === 0) {
    await deleteLibraryFiles(key);
    return "exists";
  }
  return "added";
}

/**
 * Gives the entries with these fingerprints a category's Latin name (the starter set's names at each
 * start, an import re-run with a category_sq column): only rows that differ are written, so a second
 * run changes nothing. Returns how many rows changed.
 */
export async function setLibraryCategoryLatin(
  db: Queryable,
  fingerprints: string[],
  categoryLatin: string,
  source?: "starter" | "import",
): Promise<number> {
  const latin = categoryLatin.trim();
  if (fingerprints.length === 0) return 0;
  const conditions = [inArray(libraryImage.fingerprint, fingerprints), ne(libraryImage.categoryLatin, latin)];
  if (source) conditions.push(eq(libraryImage.source, source));
  const changed = await db
    .update(libraryImage)
    .set({ categoryLatin: latin, categoryLatinKey: searchKey(latin) })
    .where(and(...conditions))
    .returning({ id: libraryImage.id });
  return changed.length;
}

/** A re-run whose manifest now describes an entry gives it that description (an empty one changes nothing). */
export async function setLibraryDescription(db: Queryable, fingerprint: string, description: string) {
  const text = description.trim();
  if (!text) return;
  await db.update(libraryImage).set({ description: text }).where(eq(libraryImage.fingerprint, fingerprint));
}

/** Removes a library image's sizes: written before its row failed, or of a removed entry (never a store's image). */
export async function deleteLibraryFiles(key: string): Promise<void> {
  if (!/^library\/[0-9a-f]{24}$/.test(key)) return;
  const storage = getStorage();
  await Promise.allSettled(IMAGE_VARIANTS.product.map((v) => storage.delete(`${key}-${v.suffix}.webp`)));
}
