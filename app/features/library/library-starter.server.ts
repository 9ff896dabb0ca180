import { readFileSync } from "node:fs";
import path from "node:path";
import { and, count, eq, inArray } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { libraryImage } from "~/db/schema/library";
import type { ProcessedImage } from "~/features/images/image.server";
import { type TileIcon, tileIconFor } from "~/features/images/tile-icons";
import { renderIconTile } from "~/features/images/tiles.server";
import { logger } from "~/lib/logger.server";
import { getStorage } from "~/storage/storage.server";
import {
  addLibraryEntry,
  hasLibraryFingerprint,
  type LibraryEntryInput,
  libraryFingerprint,
  setLibraryCategoryLatin,
} from "./library-write.server";

// The starter set (decisions 0058, 0101): what the library holds on a fresh install, so a first `npm start`
// shows the demo store with images. One tile per entry of library-starter/entries.json (its README
// states the licences): the category's icon without words, because the name drawn into a picture
// stays Macedonian for an Albanian or English reader while the page beside it speaks their language
// (decision 0101).

const STARTER_DIR = path.resolve(process.env.LIBRARY_STARTER_DIR ?? "library-starter");
/** Bumped when the tile's drawing changes; the older versions' tiles are redrawn in place at start. */
const TILE_VERSION = "icon-v2";
/** tile-v1: the product's name drawn under the icon (decision 0058). */
const OLDER_VERSIONS = ["tile-v1"];
const CONCURRENCY = 2;

export function readStarterEntries(dir = STARTER_DIR): LibraryEntryInput[] {
  return JSON.parse(readFileSync(path.join(dir, "entries.json"), "utf8")) as LibraryEntryInput[];
}

const starterIcon = (entry: LibraryEntryInput): TileIcon => tileIconFor(entry.category ?? null, entry.name);

export function starterFingerprint(entry: LibraryEntryInput, version = TILE_VERSION): string {
  return libraryFingerprint(entry, `${version}:${starterIcon(entry)}`);
}

/** The entry's tile: its icon alone, drawn once per icon and shared by the entries that have it. */
export function starterTile(entry: LibraryEntryInput, drawn = new Map<TileIcon, Promise<ProcessedImage>>()) {
  const icon = starterIcon(entry);
  let tile = drawn.get(icon);
  if (!tile) {
    tile = renderIconTile(icon);
    drawn.set(icon, tile);
  }
  return tile;
}

async function eachOf<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/**
 * At start: fills an empty library with the starter set, or redraws the starter tiles an older
 * version drew (the name in the picture) with today's. Returns how many entries it added or redrew.
 */
export async function loadStarterLibrary(db: Queryable, dir = STARTER_DIR): Promise<number> {
  const [existing] = await db.select({ value: count() }).from(libraryImage);
  if ((existing?.value ?? 0) > 0) {
    const redrawn = await redrawOlderStarterTiles(db, dir);
    await renameStarterCategories(db, dir);
    return redrawn;
  }
  const started = performance.now();
  const drawn = new Map<TileIcon, Promise<ProcessedImage>>();
  let added = 0;
  await eachOf(readStarterEntries(dir), async (entry) => {
    const outcome = await addLibraryEntry(
      db,
      { ...entry, source: "starter", fingerprint: starterFingerprint(entry) },
      { processed: await starterTile(entry, drawn) },
    );
    if (outcome === "added") added += 1;
  });
  logger.info({ added, ms: Math.round(performance.now() - started) }, "image library starter set loaded");
  return added;
}

/**
 * An install that loaded the starter set before its categories had Latin/Albanian names gets them
 * (and any later correction of them) at start; a second start writes nothing. Entries an operator
 * imported are never touched.
 */
export async function renameStarterCategories(db: Queryable, dir = STARTER_DIR): Promise<number> {
  const byLatin = new Map<string, string[]>();
  for (const entry of readStarterEntries(dir)) {
    const latin = entry.categoryLatin?.trim() ?? "";
    byLatin.set(latin, [...(byLatin.get(latin) ?? []), starterFingerprint(entry)]);
  }
  let renamed = 0;
  for (const [latin, fingerprints] of byLatin)
    renamed += await setLibraryCategoryLatin(db, fingerprints, latin, "starter");
  if (renamed > 0) logger.info({ renamed }, "image library starter categories named in Latin");
  return renamed;
}

/**
 * An install that loaded an older starter set keeps its entries, their keys and every product's
 * image URL: only the files under each key are overwritten and the fingerprint moved on, so a second
 * start finds nothing to redraw. Entries an operator imported are never touched.
 */
async function redrawOlderStarterTiles(db: Queryable, dir: string): Promise<number> {
  const entries = readStarterEntries(dir);
  const byOlderFingerprint = new Map<string, LibraryEntryInput>();
  for (const entry of entries)
    for (const version of OLDER_VERSIONS) byOlderFingerprint.set(starterFingerprint(entry, version), entry);
  const rows = await db
    .select({ id: libraryImage.id, imageKey: libraryImage.imageKey, fingerprint: libraryImage.fingerprint })
    .from(libraryImage)
    .where(
      and(
        eq(libraryImage.source, "starter"),
        inArray(libraryImage.fingerprint, [...byOlderFingerprint.keys()]),
      ),
    );
  if (rows.length === 0) return 0;
  const started = performance.now();
  const storage = getStorage();
  const drawn = new Map<TileIcon, Promise<ProcessedImage>>();
  let redrawn = 0;
  await eachOf(rows, async (row) => {
    const entry = byOlderFingerprint.get(row.fingerprint)!;
    const fingerprint = starterFingerprint(entry);
    // Never two rows with one fingerprint: an entry already drawn anew is left to the operator.
    if (await hasLibraryFingerprint(db, fingerprint)) return;
    const tile = await starterTile(entry, drawn);
    for (const variant of tile.variants)
      await storage.put(`${row.imageKey}-${variant.suffix}.webp`, variant.body, "image/webp");
    await db
      .update(libraryImage)
      .set({ fingerprint, width: tile.width, height: tile.height })
      .where(eq(libraryImage.id, row.id));
    redrawn += 1;
  });
  logger.info(
    { redrawn, ms: Math.round(performance.now() - started) },
    "image library starter tiles redrawn",
  );
  return redrawn;
}
