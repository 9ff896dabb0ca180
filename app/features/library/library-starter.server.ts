import { readFileSync } from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { libraryImage } from "~/db/schema/library";
import { tileIconFor } from "~/features/images/tile-icons";
import { renderTile } from "~/features/images/tiles.server";
import { logger } from "~/lib/logger.server";
import { addLibraryEntry, type LibraryEntryInput, libraryFingerprint } from "./library-write.server";

// The starter set (issue 18): what the library holds on a fresh install, so a first `npm start`
// shows the demo store with images. Tiles drawn from library-starter/entries.json (its README
// states the licences); loaded once, into an empty library only.

const STARTER_DIR = path.resolve(process.env.LIBRARY_STARTER_DIR ?? "library-starter");
/** Bumped when the tile's drawing changes, so the entries are new ones and not mistaken for the old. */
const TILE_VERSION = "tile-v1";
const CONCURRENCY = 2;

export function readStarterEntries(dir = STARTER_DIR): LibraryEntryInput[] {
  return JSON.parse(readFileSync(path.join(dir, "entries.json"), "utf8")) as LibraryEntryInput[];
}

/** Loads the starter set when the library is empty; returns how many entries it added. */
export async function loadStarterLibraryIfEmpty(db: Queryable, dir = STARTER_DIR): Promise<number> {
  const [existing] = await db.select({ value: count() }).from(libraryImage);
  if ((existing?.value ?? 0) > 0) return 0;
  const started = performance.now();
  const entries = readStarterEntries(dir);
  let added = 0;
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const entry = entries[next++]!;
      const icon = tileIconFor(entry.category ?? null, entry.name);
      const tile = await renderTile(entry.name, icon);
      const fingerprint = libraryFingerprint(entry, `${TILE_VERSION}:${icon}`);
      const outcome = await addLibraryEntry(
        db,
        { ...entry, source: "starter", fingerprint },
        { processed: tile },
      );
      if (outcome === "added") added += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  logger.info({ added, ms: Math.round(performance.now() - started) }, "image library starter set loaded");
  return added;
}
