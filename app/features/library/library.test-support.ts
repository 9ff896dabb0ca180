import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { Queryable } from "~/db/client.server";
import { libraryImage } from "~/db/schema/library";
import { searchKey } from "~/lib/transliterate";

const LETTERS = "abdefgilmnoprtuvz";
// biome-ignore format: a table reads better as one
const CYRILLIC: Record<string, string> = { a: "а", b: "б", d: "д", e: "е", f: "ф", g: "г", i: "и", l: "л", m: "м", n: "н", o: "о", p: "п", r: "р", t: "т", u: "у", v: "в", z: "з" };

/** A word no other test's entries contain, so searches see only this test's rows (Latin letters that romanise back). */
export const uniqueWord = () =>
  `q${[...randomBytes(9)].map((byte) => LETTERS[byte % LETTERS.length]).join("")}`;

/** The word in Cyrillic: the letter by letter spelling that searchKey folds to the same key. */
export const inCyrillic = (word: string) => [...word].map((c) => CYRILLIC[c] ?? c).join("");

/** Rows without stored files, for search tests: the image key is made up. */
export async function insertLibraryRows(
  db: Queryable,
  rows: {
    name: string;
    nameLatin?: string;
    barcode?: string | null;
    category?: string;
    categoryLatin?: string;
  }[],
) {
  return db
    .insert(libraryImage)
    .values(
      rows.map((row) => ({
        name: row.name,
        nameLatin: row.nameLatin ?? "",
        barcode: row.barcode ?? null,
        category: row.category ?? "",
        categoryKey: searchKey(row.category ?? ""),
        categoryLatin: row.categoryLatin ?? "",
        categoryLatinKey: searchKey(row.categoryLatin ?? ""),
        imageKey: `library/${randomBytes(12).toString("hex")}`,
        width: 800,
        height: 800,
        searchText: searchKey(`${row.name} ${row.nameLatin ?? ""}`),
        fingerprint: randomBytes(16).toString("hex"),
        source: "import" as const,
      })),
    )
    .returning({ id: libraryImage.id, name: libraryImage.name, imageKey: libraryImage.imageKey });
}

/** A small real PNG of one colour. */
export function pngOf(colour: string, size = 40): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
