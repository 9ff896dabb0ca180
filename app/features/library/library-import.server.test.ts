import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { libraryImage } from "~/db/schema/library";
import { zipBomb } from "~/features/import/fixtures.test-support";
import { LocalStorage } from "~/storage/local-storage.server";
import { setStorage } from "~/storage/storage.server";
import { databaseForThisFile } from "../../../tests/support/test-db";
import { searchLibrary } from "./library.queries.server";
import { inCyrillic, pngOf, uniqueWord } from "./library.test-support";
import { importLibrary } from "./library-import.server";
import { openLibrarySource } from "./library-source.server";

// `npm run library:import -- <folder or .zip>` through the upload pipeline, idempotent.

const database = databaseForThisFile();
let work: string;
let storageDir: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "vitrina-library-import-"));
  storageDir = mkdtempSync(path.join(tmpdir(), "vitrina-library-import-files-"));
  setStorage(new LocalStorage(storageDir));
});
afterAll(() => {
  setStorage(null);
  rmSync(work, { recursive: true, force: true });
  rmSync(storageDir, { recursive: true, force: true });
});

/** A small batch: two photos, one SVG (refused), one row without its file, one with a bad barcode. */
async function fixture(word: string) {
  const files: Record<string, Uint8Array> = {
    "photos/milk.png": await pngOf("#ffffff"),
    "photos/bread.png": await pngOf("#c08040"),
    "evil.svg": Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  };
  const csv = [
    "file,name,name_latin,barcode,category",
    `photos/milk.png,Млеко ${inCyrillic(word)} 1 л,Mleko ${word} 1 l,5310000000017,Млечни производи`,
    `photos/bread.png,"Леб ${inCyrillic(word)}, бел",Leb ${word},,Леб и пекара`,
    `evil.svg,Слика ${word},,,`,
    `photos/missing.png,Нема ${word},,,`,
    `photos/milk.png,Друго ${word},,12ab,`,
  ].join("\n");
  files["library.csv"] = Buffer.from(csv);
  return files;
}

function writeFolder(files: Record<string, Uint8Array>): string {
  const dir = mkdtempSync(path.join(work, "folder-"));
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), bytes);
  }
  return dir;
}

const entriesOf = (word: string) =>
  database.db
    .select({ name: libraryImage.name, barcode: libraryImage.barcode, width: libraryImage.width })
    .from(libraryImage)
    .where(eq(libraryImage.source, "import"))
    .then((rows) => rows.filter((row) => row.name.includes(inCyrillic(word))));

describe("library:import", () => {
  it("loads a folder through the image pipeline, reports what it refused, and adds nothing on a re-run", async () => {
    const word = uniqueWord();
    const dir = writeFolder(await fixture(word));
    const progress: number[] = [];
    const first = await importLibrary(database.db, openLibrarySource(dir), (done) => progress.push(done));
    expect(first.added).toBe(2);
    expect(first.existing).toBe(0);
    expect(first.failed).toEqual([
      { line: 4, file: "evil.svg", reason: "imageSvgRefused" },
      {
        line: 5,
        file: "photos/missing.png",
        reason: 'image "photos/missing.png" is missing or larger than 5 MB',
      },
      { line: 6, file: "photos/milk.png", reason: 'barcode "12ab" is not 8 to 14 digits' },
    ]);
    expect(progress.at(-1)).toBe(5);
    const rows = await entriesOf(word);
    expect(rows).toHaveLength(2);
    // Found by the Latin spelling; the stored sizes are the pipeline's WebP, not the PNG.
    const found = await searchLibrary(database.db, { q: `leb ${word.slice(1)}`, category: "", page: 1 });
    expect(found.entries.map((e) => e.name)).toEqual([`Леб ${inCyrillic(word)}, бел`]);
    expect(found.entries[0]!.url).toMatch(/\/library\/[0-9a-f]{24}-800\.webp$/);

    const again = await importLibrary(database.db, openLibrarySource(dir));
    expect(again).toMatchObject({ added: 0, existing: 2 });
    expect(await entriesOf(word)).toHaveLength(2);
  });

  it("reads the same batch from a .zip, and a JSON manifest", async () => {
    const word = uniqueWord();
    const files = await fixture(word);
    const zip = path.join(work, `${word}.zip`);
    writeFileSync(zip, zipSync(files));
    expect(await importLibrary(database.db, openLibrarySource(zip))).toMatchObject({ added: 2, existing: 0 });
    expect(await importLibrary(database.db, openLibrarySource(zip))).toMatchObject({ added: 0, existing: 2 });

    const other = uniqueWord();
    const json = JSON.stringify([
      {
        file: "a.png",
        name: `Јогурт ${inCyrillic(other)}`,
        nameLatin: `Jogurt ${other}`,
        barcode: "5310000000024",
      },
    ]);
    const jsonZip = path.join(work, `${other}.zip`);
    writeFileSync(jsonZip, zipSync({ "library.json": Buffer.from(json), "a.png": await pngOf("#eeeeee") }));
    expect(await importLibrary(database.db, openLibrarySource(jsonZip))).toMatchObject({ added: 1 });
    expect(
      (await searchLibrary(database.db, { q: "5310000000024", category: "", page: 1 })).entries[0]?.name,
    ).toBe(`Јогурт ${inCyrillic(other)}`);
  });

  it("reads a category's Albanian name (category_sq in CSV, categoryLatin in JSON); a re-run gives it to existing entries", async () => {
    const word = uniqueWord();
    const milk = await pngOf("#fefefe");
    const categoryOf = async () =>
      (await searchLibrary(database.db, { q: `mleko ${word.slice(1)}`, category: "", page: 1 })).entries.map(
        (e) => [e.category, e.categoryLatin],
      );
    const csv = (header: string, latin: string) =>
      Buffer.from(`${header}\nmilk.png,Млеко ${inCyrillic(word)},Mleko ${word},,Млечни производи${latin}\n`);
    const before = writeFolder({
      "milk.png": milk,
      "library.csv": csv("file,name,name_latin,barcode,category", ""),
    });
    expect(await importLibrary(database.db, openLibrarySource(before))).toMatchObject({ added: 1 });
    expect(await categoryOf()).toEqual([["Млечни производи", ""]]);
    const withSq = writeFolder({
      "milk.png": milk,
      "library.csv": csv("file,name,name_latin,barcode,category,category_sq", ",Produkte qumështi"),
    });
    expect(await importLibrary(database.db, openLibrarySource(withSq))).toMatchObject({
      added: 0,
      existing: 1,
    });
    expect(await categoryOf()).toEqual([["Млечни производи", "Produkte qumështi"]]);

    const other = uniqueWord();
    const json = JSON.stringify([
      {
        file: "a.png",
        name: `Сирење ${other}`,
        category: "Млечни производи",
        categoryLatin: "Produkte qumështi",
      },
      {
        file: "a.png",
        name: `Урда ${other}`,
        category: "Млечни производи",
        category_latin: "Produkte qumështi",
      },
    ]);
    const source = openLibrarySource(writeFolder({ "library.json": Buffer.from(json), "a.png": milk }));
    expect(source.rows.map((row) => row.categoryLatin)).toEqual(["Produkte qumështi", "Produkte qumështi"]);
  });

  it("reads a description (CSV and JSON); a re-run gives it to existing entries, and one too long is refused", async () => {
    const word = uniqueWord();
    const milk = await pngOf("#fdfdfd");
    const name = `Млеко ${inCyrillic(word)}`;
    const descriptionOf = async () =>
      (
        await database.db
          .select({ description: libraryImage.description })
          .from(libraryImage)
          .where(eq(libraryImage.name, name))
      ).map((row) => row.description);
    const csv = (header: string, description: string) =>
      Buffer.from(`${header}\nmilk.png,${name},Mleko ${word},,Млечни производи${description}\n`);
    const before = writeFolder({
      "milk.png": milk,
      "library.csv": csv("file,name,name_latin,barcode,category", ""),
    });
    expect(await importLibrary(database.db, openLibrarySource(before))).toMatchObject({ added: 1 });
    expect(await descriptionOf()).toEqual([null]);
    const described = writeFolder({
      "milk.png": milk,
      "library.csv": csv(
        "file,name,name_latin,barcode,category,description",
        ',"Свежо кравјо млеко, 3,2 % масти."',
      ),
    });
    expect(await importLibrary(database.db, openLibrarySource(described))).toMatchObject({
      added: 0,
      existing: 1,
    });
    expect(await descriptionOf()).toEqual(["Свежо кравјо млеко, 3,2 % масти."]);

    const json = JSON.stringify([
      { file: "a.png", name: `Сирење ${inCyrillic(word)}`, description: "Бело овчо сирење." },
      { file: "a.png", name: `Урда ${inCyrillic(word)}`, description: "х".repeat(5001) },
    ]);
    const source = openLibrarySource(writeFolder({ "library.json": Buffer.from(json), "a.png": milk }));
    expect(source.rows.map((row) => row.description)).toEqual(["Бело овчо сирење.", "х".repeat(5001)]);
    const result = await importLibrary(database.db, source);
    expect(result.added).toBe(1);
    expect(result.failed).toEqual([
      { line: 2, file: "a.png", reason: "description longer than 5000 characters" },
    ]);
  });

  it("stops a ZIP bomb at the limit, declared sizes true or lying", () => {
    const limits = { maxBytes: 8 * 1024 * 1024, maxEntries: 1000 };
    for (const bomb of [zipBomb(20), zipBomb(20, 1024)]) {
      const file = path.join(work, `bomb-${Math.random()}.zip`);
      writeFileSync(file, bomb);
      expect(() => openLibrarySource(file, limits)).toThrow(/zip too large/);
    }
    const many = path.join(work, "many.zip");
    writeFileSync(many, zipBomb(5, 1024));
    expect(() => openLibrarySource(many, { maxBytes: 1e9, maxEntries: 3 })).toThrow(/zip too large/);
  });
});
