import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { product } from "~/db/schema/catalog";
import { libraryImage } from "~/db/schema/library";
import { addProducts } from "~/features/catalog/product.test-support";
import { applyImportImages } from "~/features/images/import-images.server";
import { insertLibraryRows, uniqueWord } from "~/features/library/library.test-support";
import { LocalStorage } from "~/storage/local-storage.server";
import { setStorage } from "~/storage/storage.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";

const database = databaseForThisFile();
beforeEach(() => {
  const dir = mkdtempSync(path.join(tmpdir(), "vitrina-pack-size-"));
  setStorage(new LocalStorage(dir));
  return () => rmSync(dir, { recursive: true, force: true });
});
afterAll(() => setStorage(null));

describe("'use first image for all' and pack sizes", () => {
  it("gives a product the picture of its own size, and none when the library has only another size", async () => {
    const shop = await createTestStore(database);
    const word = uniqueWord();
    const entries = await insertLibraryRows(database.db, [
      { name: `Сок ${word} Портокал 2 л` },
      { name: `Вода ${word} Извор 2 л` },
      { name: `Вода ${word} Извор 0,5 л` },
    ]);
    const [juice2, water2, water05] = entries;
    const rows = await addProducts(shop.ctx, [
      { name: `Сок ${word} Портокал 0,5 л` },
      { name: `Сок ${word} Портокал 2L` },
      { name: `Вода ${word} Извор 500 мл` },
      { name: `Вода ${word} Извор 2 л` },
    ]);
    const ids = rows.map((row) => row.id);
    await applyImportImages({
      db: database.db,
      storeId: shop.storeId,
      importId: crypto.randomUUID(),
      option: "library",
      productIds: ids,
    });
    const url = async (id: string) =>
      (await database.db.select({ url: product.imageUrl }).from(product).where(eq(product.id, id)))[0]!.url;
    // The 0,5 l juice has no 0,5 l picture: without one rather than the 2 l bottle.
    expect(await url(ids[0]!)).toBeNull();
    expect(await url(ids[1]!)).toContain(`${juice2!.imageKey}-800.webp`);
    expect(await url(ids[2]!)).toContain(`${water05!.imageKey}-800.webp`);
    expect(await url(ids[3]!)).toContain(`${water2!.imageKey}-800.webp`);
    await database.db.delete(libraryImage).where(
      inArray(
        libraryImage.id,
        entries.map((entry) => entry!.id),
      ),
    );
  });
});
