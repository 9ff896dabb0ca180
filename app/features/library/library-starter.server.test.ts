import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { product } from "~/db/schema/catalog";
import { libraryImage } from "~/db/schema/library";
import { seedDemoForTest } from "~/features/demo/demo.test-support";
import { DEMO_PRODUCTS } from "~/features/demo/demo-products";
import { LocalStorage } from "~/storage/local-storage.server";
import { setStorage } from "~/storage/storage.server";
import { databaseForThisFile } from "../../../tests/support/test-db";
import { searchLibrary } from "./library.queries.server";
import { loadStarterLibraryIfEmpty, readStarterEntries } from "./library-starter.server";

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
    }
  });

  it("loads once into an empty library, and the demo store's products all take an image from it", async () => {
    const [before] = await database.db.select({ value: count() }).from(libraryImage);
    // A PostgreSQL test database another run filled: loading is then (rightly) a no-op.
    if ((before?.value ?? 0) > 0) return;
    const started = performance.now();
    const added = await loadStarterLibraryIfEmpty(database.db);
    const ms = performance.now() - started;
    expect(added).toBe(readStarterEntries().length);
    expect(ms).toBeLessThan(30_000); // a few seconds on an idle machine (docs/performance.md)
    expect(await loadStarterLibraryIfEmpty(database.db)).toBe(0);
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
      .where(isNull(product.imageUrl));
    expect(missing.filter((row) => DEMO_PRODUCTS.some((d) => d.name === row.name))).toEqual([]);
  });
});
