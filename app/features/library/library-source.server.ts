import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { Unzip, UnzipInflate } from "fflate";
import { IMAGE_MAX_BYTES } from "~/features/images/image.server";

// What `npm run library:import -- <folder or .zip>` reads: images, and one manifest
// (library.csv or library.json, else the only .csv/.json) that names each image's product:
//   file, name, name_latin, barcode, category, category_sq, description   (CSV header; JSON keys
//   file, name, nameLatin, barcode, category, categoryLatin, description; category_latin and
//   categorySq are accepted too)
// A ZIP is inflated as a stream with every entry and the whole counted, so a ZIP bomb stops at the
// limits below after that much work, like the import's .xlsx guard (xlsx-guard.server.ts).

export type ManifestRow = {
  line: number;
  file: string;
  name: string;
  nameLatin: string;
  barcode: string | null;
  category: string;
  /** The category's Latin/Albanian name, shown to sq and en readers ("" when the manifest has none). */
  categoryLatin: string;
  /** The product's description in Macedonian ("" when the manifest has none). */
  description: string;
};

export type LibrarySource = { rows: ManifestRow[]; read: (file: string) => Buffer | null };

/** A library batch of 20,000 photos at 300 KB is 6 GB on disk; a ZIP is for smaller batches. */
export const LIBRARY_ZIP_MAX_BYTES = 1024 * 1024 * 1024;
export const LIBRARY_ZIP_MAX_ENTRIES = 50_000;
const MANIFEST_MAX_BYTES = 20 * 1024 * 1024;
const MANIFEST_NAMES = ["library.csv", "library.json"];

export class LibrarySourceError extends Error {}

export type ZipLimits = { maxBytes: number; maxEntries: number };
const ZIP_LIMITS: ZipLimits = { maxBytes: LIBRARY_ZIP_MAX_BYTES, maxEntries: LIBRARY_ZIP_MAX_ENTRIES };

export function openLibrarySource(target: string, limits: ZipLimits = ZIP_LIMITS): LibrarySource {
  const stat = statSync(target);
  const files = stat.isDirectory() ? folderFiles(target) : zipFiles(readFileSync(target), limits);
  const manifestName =
    MANIFEST_NAMES.find((name) => files.has(name)) ??
    only([...files.keys()].filter((name) => /\.(csv|json)$/i.test(name) && !name.includes("/")));
  if (!manifestName) throw new LibrarySourceError("no manifest: add library.csv or library.json");
  const manifest = files.get(manifestName)!();
  if (!manifest || manifest.byteLength > MANIFEST_MAX_BYTES)
    throw new LibrarySourceError("manifest too large");
  const rows = manifestName.toLowerCase().endsWith(".json") ? jsonRows(manifest) : csvRows(manifest);
  return {
    rows,
    read: (file) => {
      const clean = path.posix.normalize(file.replaceAll("\\", "/")).replace(/^\.\//, "");
      return clean.startsWith("..") ? null : (files.get(clean)?.() ?? null);
    },
  };
}

function only(names: string[]): string | undefined {
  return names.length === 1 ? names[0] : undefined;
}

/** The folder's files by relative path, read when asked (a batch of photos never sits in memory). */
function folderFiles(root: string): Map<string, () => Buffer | null> {
  const files = new Map<string, () => Buffer | null>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, full).split(path.sep).join("/");
    files.set(relative, () => (statSync(full).size > MANIFEST_MAX_BYTES ? null : readFileSync(full)));
  }
  return files;
}

class TooLarge extends Error {}

/** The ZIP's files, inflated with every byte counted: an entry past its cap or a whole past the limit stops. */
function zipFiles(bytes: Uint8Array, limits: ZipLimits): Map<string, () => Buffer | null> {
  const files = new Map<string, () => Buffer | null>();
  let entries = 0;
  let total = 0;
  const unzip = new Unzip((file) => {
    if (++entries > limits.maxEntries) throw new TooLarge();
    if (file.name.endsWith("/")) return;
    const cap = /\.(csv|json)$/i.test(file.name) ? MANIFEST_MAX_BYTES : IMAGE_MAX_BYTES;
    const chunks: Uint8Array[] = [];
    let size = 0;
    let oversize = false;
    file.ondata = (error, chunk, final) => {
      if (error) throw error;
      total += chunk.length;
      if (total > limits.maxBytes) throw new TooLarge();
      size += chunk.length;
      // An oversize image is dropped (the row reports it), its bytes still counted to the total.
      if (size > cap) oversize = true;
      else chunks.push(chunk);
      if (final) files.set(file.name, () => (oversize ? null : Buffer.concat(chunks)));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.length; offset += 65536)
      unzip.push(bytes.subarray(offset, offset + 65536), offset + 65536 >= bytes.length);
  } catch (error) {
    if (error instanceof TooLarge)
      throw new LibrarySourceError("zip too large (a ZIP bomb, or too many images)");
    throw new LibrarySourceError(`unreadable zip: ${(error as Error).message}`);
  }
  return files;
}

const text = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? String(value).trim() : "";

function toRow(record: Record<string, unknown>, line: number): ManifestRow {
  const pick = (...keys: string[]) => text(keys.map((key) => record[key]).find((v) => v !== undefined));
  return {
    line,
    file: pick("file", "image", "filename"),
    name: pick("name", "name_mk", "nameMk"),
    nameLatin: pick("name_latin", "nameLatin", "latin", "name_sq"),
    barcode: pick("barcode", "ean") || null,
    category: pick("category", "category_mk", "categoryMk"),
    categoryLatin: pick("category_sq", "category_latin", "categoryLatin", "categorySq"),
    description: pick("description", "description_mk", "descriptionMk"),
  };
}

function csvRows(bytes: Buffer): ManifestRow[] {
  const records = parse(bytes.toString("utf8").replace(/^\uFEFF/, ""), {
    columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
    skip_empty_lines: true,
    relax_column_count: true,
  }) as Record<string, unknown>[];
  return records.map((record, i) => toRow(record, i + 2));
}

function jsonRows(bytes: Buffer): ManifestRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString("utf8").replace(/^\uFEFF/, ""));
  } catch {
    throw new LibrarySourceError("the JSON manifest is not valid JSON");
  }
  if (!Array.isArray(parsed)) throw new LibrarySourceError("the JSON manifest must be an array of entries");
  return parsed.map((record, i) => toRow((record ?? {}) as Record<string, unknown>, i + 1));
}
