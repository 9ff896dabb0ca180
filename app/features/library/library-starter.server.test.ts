import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { product } from "~/db/schema/catalog";
import { libraryImage } from "~/db/schema/library";
import { seedDemoForTest } from "~/features/demo/demo.test-support";
import { DEMO_PRODUCTS } from "~/features/demo/demo-products";
import { tileIconFor } from "~/features/images/tile-icons";
import { iconTileSvg, renderTile } from "~/features/images/tiles.server";
import { LocalStorage } from "~/storage/local-storage.server";
import { setStorage } from "~/storage/storage.server";
import { databaseForThisFile } from "../../../tests/support/test-db";
import { searchLibrary } from "./library.queries.server";
import {
  loadStarterLibrary,
  readStarterEntries,
  renameStarterCategories,
  starterFingerprint,
  starterTile,
} from "./library-starter.server";
import { addLibraryEntry } from "./library-write.server";

process.env.BASE_URL = "http://localhost:3000";
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "vitrina-library-starter-"));

const database = databaseForThisFile();
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "vitrina-library-starter-files-"));
  setStorage(new LocalStorage(dir));
});
afterAll(() => {
  setStorage(null);
  rmSync(dir, { recursive: true, force: true });
});

describe("the library's starter set", () => {
  it("lists every demo product, with a Latin spelling and a category", () => {
    const entries = readStarterEntries();
    for (const demo of DEMO_PRODUCTS) expect(entries.map((e) => e.name)).toContain(demo.name);
    for (const entry of entries) {
      expect(entry.nameLatin).toMatch(/^[\p{Script=Latin}0-9 .,;'%()x-]+$/u);
      expect(entry.category).toBeTruthy();
      // Shown to Albanian and English readers instead of the Macedonian category.
      expect(entry.categoryLatin).toMatch(/^[\p{Script=Latin} ]+$/u);
    }
  });

  it("loads once into an empty library, and the demo store's products all take an image from it", async () => {
    const [before] = await database.db.select({ value: count() }).from(libraryImage);
    // A PostgreSQL test database another run filled: loading is then (rightly) a no-op.
    if ((before?.value ?? 0) > 0) return;
    const started = performance.now();
    const added = await loadStarterLibrary(database.db);
    const ms = performance.now() - started;
    expect(added).toBe(readStarterEntries().length);
    expect(ms).toBeLessThan(30_000); // a few seconds on an idle machine (docs/performance.md)
    expect(await loadStarterLibrary(database.db)).toBe(0);
    expect((await searchLibrary(database.db, { q: "mleko", category: "", page: 1 })).total).toBeGreaterThan(
      1,
    );
    const demo = await seedDemoForTest(database.db);
    if (!demo) return;
    const withoutImage = await database.db
      .select({ name: product.name })
      .from(product)
      .where(eq(product.storeId, demo.storeId))
      .then((rows) => rows);
    expect(withoutImage.length).toBe(DEMO_PRODUCTS.length);
    const missing = await database.db
      .select({ name: product.name })
      .from(product)
      .where(and(eq(product.storeId, demo.storeId), isNull(product.imageUrl)));
    expect(missing.filter((row) => DEMO_PRODUCTS.some((d) => d.name === row.name))).toEqual([]);
  });

  it("draws no words into a tile: entries with one icon share one picture whatever their names", async () => {
    const entries = readStarterEntries();
    const milk = entries.find((e) => e.name === "Млеко Бимилк 3,2% 1 л")!;
    const cheese = entries.find((e) => e.name === "Сирење кравјо Бимилк 500 г")!;
    expect(tileIconFor(milk.category!, milk.name)).toBe(tileIconFor(cheese.category!, cheese.name));
    const [a, b] = await Promise.all([starterTile(milk), starterTile(cheese)]);
    expect(a.variants.map((v) => v.suffix)).toEqual(["800", "320"]);
    for (const [i, variant] of a.variants.entries())
      expect(variant.body.equals(b.variants[i]!.body)).toBe(true);
    expect(iconTileSvg(tileIconFor(milk.category!, milk.name))).not.toMatch(/<text|Млеко|Бимилк/);
  });

  it("redraws, in place, the tiles an older start drew with the name in them", async () => {
    // Own entries, so the shared PostgreSQL database's other rows are never touched.
    const id = Math.random().toString(36).slice(2, 10);
    const starter = mkdtempSync(path.join(tmpdir(), "vitrina-library-starter-json-"));
    const entries = [
      { name: `Ајран ${id} 1 л`, nameLatin: `Ajran ${id} 1 l`, barcode: null, category: "Млечни производи" },
      {
        name: `Урда ${id} 250 г`,
        nameLatin: `Urda ${id} 250 g`,
        barcode: null,
        category: "Млечни производи",
      },
    ];
    writeFileSync(path.join(starter, "entries.json"), JSON.stringify(entries));
    try {
      for (const entry of entries) {
        const icon = tileIconFor(entry.category, entry.name);
        await addLibraryEntry(
          database.db,
          { ...entry, source: "starter", fingerprint: starterFingerprint(entry, "tile-v1") },
          { processed: await renderTile(entry.name, icon) },
        );
      }
      const fingerprints = entries.flatMap((e) => [starterFingerprint(e, "tile-v1"), starterFingerprint(e)]);
      const rowsOf = () =>
        database.db
          .select({ key: libraryImage.imageKey, fingerprint: libraryImage.fingerprint })
          .from(libraryImage)
          .where(inArray(libraryImage.fingerprint, fingerprints));
      const before = await rowsOf();
      expect(before).toHaveLength(2);
      const file = (key: string) => readFileSync(path.join(dir, "uploads", `${key}-320.webp`));
      expect(file(before[0]!.key).equals(file(before[1]!.key))).toBe(false); // the names differ in the pictures

      expect(await loadStarterLibrary(database.db, starter)).toBe(2);
      const after = await rowsOf();
      expect(after.map((row) => row.key).sort()).toEqual(before.map((row) => row.key).sort());
      expect(after.map((row) => row.fingerprint).sort()).toEqual(
        entries.map((e) => starterFingerprint(e)).sort(),
      );
      const icon = (await starterTile(entries[0]!)).variants[1]!.body;
      for (const row of after) expect(file(row.key).equals(icon)).toBe(true);
      expect(await loadStarterLibrary(database.db, starter)).toBe(0);
    } finally {
      rmSync(starter, { recursive: true, force: true });
    }
  });

  it("names an older install's starter categories in Latin at start, and a second start writes nothing", async () => {
    const id = Math.random().toString(36).slice(2, 10);
    const starter = mkdtempSync(path.join(tmpdir(), "vitrina-library-starter-json-"));
    const entry = {
      name: `Кефир ${id} 1 л`,
      nameLatin: `Kefir ${id} 1 l`,
      barcode: null,
      category: "Млечни производи",
    };
    try {
      // Loaded by a version whose entries.json had no Latin category names.
      await addLibraryEntry(
        database.db,
        { ...entry, source: "starter", fingerprint: starterFingerprint(entry) },
        { processed: await starterTile(entry) },
      );
      writeFileSync(
        path.join(starter, "entries.json"),
        JSON.stringify([{ ...entry, categoryLatin: "Produkte qumështi" }]),
      );
      const rowOf = () =>
        database.db
          .select({ latin: libraryImage.categoryLatin })
          .from(libraryImage)
          .where(eq(libraryImage.fingerprint, starterFingerprint(entry)));
      expect(await rowOf()).toEqual([{ latin: "" }]);
      await loadStarterLibrary(database.db, starter);
      expect(await rowOf()).toEqual([{ latin: "Produkte qumështi" }]);
      expect(await renameStarterCategories(database.db, starter)).toBe(0);
      const filtered = await searchLibrary(database.db, {
        q: `kefir ${id}`,
        category: "Produkte qumështi",
        page: 1,
      });
      expect(filtered.entries.map((e) => e.name)).toEqual([entry.name]);
    } finally {
      rmSync(starter, { recursive: true, force: true });
    }
  });
});
