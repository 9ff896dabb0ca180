import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { category, product } from "~/db/schema/catalog";
import { addProducts } from "~/features/catalog/product.test-support";
import { LocalStorage } from "~/storage/local-storage.server";
import { setStorage } from "~/storage/storage.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { applyImportImages } from "./import-images.server";
import { TILE_BACKGROUND, tileSvg } from "./tiles.server";

const database = databaseForThisFile();
let storage: LocalStorage;
beforeEach(() => {
  const dir = mkdtempSync(path.join(tmpdir(), "vitrina-tiles-"));
  storage = new LocalStorage(dir);
  setStorage(storage);
  return () => rmSync(dir, { recursive: true, force: true });
});
afterAll(() => setStorage(null));

function storedFiles(): string[] {
  try {
    return readdirSync(storage.root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

const imageOf = async (id: string) =>
  (await database.db.select({ url: product.imageUrl }).from(product).where(eq(product.id, id)))[0]!.url;

describe("generated product tiles", () => {
  it("gives each product without an image a tile in the sizes an upload gets", async () => {
    const shop = await createTestStore(database);
    const [dairy] = await database.db
      .insert(category)
      .values({ storeId: shop.storeId, name: "Млечни производи" })
      .returning();
    const [milk, bread] = await addProducts(shop.ctx, [
      { name: "Млеко свежо 3,2% 1 л", categoryId: dairy!.id },
      { name: "Леб бел" },
    ]);
    const result = await applyImportImages({
      db: database.db,
      storeId: shop.storeId,
      importId: "import-1",
      option: "generate",
      productIds: [milk!.id, bread!.id],
    });
    expect(result).toEqual({ option: "generate", generated: 2, skipped: 0, failed: 0 });
    const url = await imageOf(milk!.id);
    expect(url).toMatch(new RegExp(`^/uploads/stores/${shop.storeId}/product/[0-9a-f]{24}-800\\.webp$`));
    const key = url!.replace(/^\/uploads\//, "").replace(/-800\.webp$/, "");
    const large = sharp(path.join(storage.root, `${key}-800.webp`));
    expect(await large.metadata()).toMatchObject({ format: "webp", width: 800, height: 800 });
    const small = await sharp(path.join(storage.root, `${key}-320.webp`)).metadata();
    expect([small.width, small.height]).toEqual([320, 320]);
    // The corner is the brand colour.
    const { data } = await large
      .extract({ left: 2, top: 2, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const hex = `#${[...data.subarray(0, 3)].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
    expect(colourDistance(hex, TILE_BACKGROUND)).toBeLessThan(12);
    expect(storedFiles()).toHaveLength(4);
  });

  it("never replaces an image a product already has", async () => {
    const shop = await createTestStore(database);
    const [own, bare] = await addProducts(shop.ctx, [
      { name: "Со слика", imageUrl: "/uploads/own-800.webp" },
      { name: "Без слика" },
    ]);
    const result = await applyImportImages({
      db: database.db,
      storeId: shop.storeId,
      importId: "i",
      option: "generate",
      productIds: [own!.id, bare!.id],
    });
    expect(result).toMatchObject({ generated: 1, skipped: 1 });
    expect(await imageOf(own!.id)).toBe("/uploads/own-800.webp");
    expect(storedFiles()).toHaveLength(2);
  });

  it("does not touch another store's products, even when their ids are passed", async () => {
    const shop = await createTestStore(database);
    const other = await createTestStore(database);
    const [theirs] = await addProducts(other.ctx, [{ name: "Туѓ производ" }]);
    const result = await applyImportImages({
      db: database.db,
      storeId: shop.storeId,
      importId: "i",
      option: "generate",
      productIds: [theirs!.id, "not-a-uuid"],
    });
    expect(result).toMatchObject({ generated: 0, skipped: 2 });
    expect(await imageOf(theirs!.id)).toBeNull();
    expect(storedFiles()).toEqual([]);
  });

  it("escapes the name: markup in a product name is text on the tile", () => {
    const svg = tileSvg('Чоколадо <script>alert(1)</script> & "x"', "sweets");
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&#60;script&#62;");
  });
});

describe("the other image options", () => {
  it("library: nothing close in the library leaves the product without; custom: sends the owner to the walk", async () => {
    const shop = await createTestStore(database);
    // Matching above the threshold is tested in app/features/library/library.server.test.ts.
    const [one] = await addProducts(shop.ctx, [{ name: "Ксилофонски чекан 7кх" }]);
    const base = { db: database.db, storeId: shop.storeId, importId: "abc", productIds: [one!.id] };
    expect(await applyImportImages({ ...base, option: "library" })).toEqual({
      option: "library",
      matched: 0,
      unmatched: 1,
      skipped: 0,
    });
    expect(await applyImportImages({ ...base, option: "custom" })).toEqual({
      option: "custom",
      redirectTo: "/dashboard/products/import/abc/images",
    });
    expect(await applyImportImages({ ...base, option: "skip" })).toEqual({ option: "skip" });
    expect(await imageOf(one!.id)).toBeNull();
    expect(storedFiles()).toEqual([]);
  });
});

function colourDistance(a: string, b: string): number {
  const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const [x, y] = [rgb(a), rgb(b)];
  return Math.max(...x.map((v, i) => Math.abs(v - y[i]!)));
}
