import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { product } from "~/db/schema/catalog";
import { libraryImage } from "~/db/schema/library";
import { addProducts } from "~/features/catalog/product.test-support";
import { applyImportImages } from "~/features/images/import-images.server";
import type { StoreContext } from "~/lib/service-context";
import { LocalStorage } from "~/storage/local-storage.server";
import { setStorage } from "~/storage/storage.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { listLibraryCategories, searchLibrary } from "./library.queries.server";
import { categoryLabel } from "./library.schema";
import { inCyrillic, insertLibraryRows, uniqueWord } from "./library.test-support";
import { assignLibraryImage } from "./library-assign.server";
import { importLibraryMatches, suggestLibraryImages } from "./library-match.server";

const database = databaseForThisFile();
beforeEach(() => {
  const dir = mkdtempSync(path.join(tmpdir(), "vitrina-library-"));
  setStorage(new LocalStorage(dir));
  return () => rmSync(dir, { recursive: true, force: true });
});
afterAll(() => setStorage(null));

const search = (q: string, category = "", page = 1, pageSize?: number) =>
  searchLibrary(database.db, { q, category, page }, pageSize);

describe("library search", () => {
  it("finds a Cyrillic name by its Latin spelling and a Latin one by Cyrillic", async () => {
    const brand = uniqueWord();
    await insertLibraryRows(database.db, [
      { name: `Млеко ${brand} 1 л`, category: "Млечни производи" },
      { name: `Kiselo mleko ${brand}`, category: "Mlechni proizvodi" },
      { name: `Леб ${brand}` },
    ]);
    const cyrillicBrand = inCyrillic(brand.slice(1));
    const latin = await search(`mleko ${brand.slice(1)}`);
    expect(latin.entries.map((e) => e.name).sort()).toEqual([`Kiselo mleko ${brand}`, `Млеко ${brand} 1 л`]);
    const cyrillic = await search(`млеко ${cyrillicBrand}`);
    expect(cyrillic.entries.map((e) => e.name).sort()).toEqual([
      `Kiselo mleko ${brand}`,
      `Млеко ${brand} 1 л`,
    ]);
    expect(cyrillic.total).toBe(2);
  });

  it("matches a barcode exactly and filters by category in either alphabet", async () => {
    const word = uniqueWord();
    const barcode = `531${Date.now().toString().slice(-10)}`;
    await insertLibraryRows(database.db, [
      { name: `Сок ${word}`, barcode, category: `Пијалоци ${word}` },
      // Another barcode, one digit apart (never the same one: the last digit is changed, not set).
      {
        name: `Сок ${word} портокал`,
        barcode: `${barcode.slice(0, -1)}${(Number(barcode.at(-1)) + 1) % 10}`,
        category: `Пијалоци ${word}`,
      },
      { name: `Чипс ${word}`, category: `Грицки ${word}` },
    ]);
    expect((await search(barcode)).entries.map((e) => e.name)).toEqual([`Сок ${word}`]);
    const drinks = await search("", `Pijaloci ${word}`);
    expect(drinks.entries.map((e) => e.name).sort()).toEqual([`Сок ${word}`, `Сок ${word} портокал`]);
    expect((await search(word, `Грицки ${word}`)).entries.map((e) => e.name)).toEqual([`Чипс ${word}`]);
    expect((await search(`${word} nothingsuchword`)).entries).toEqual([]);
  });

  it("filters by a category's Albanian name as by its Macedonian one, and lists the category with both", async () => {
    const word = uniqueWord();
    await insertLibraryRows(database.db, [
      { name: `Кашкавал ${word}`, category: `Млечни ${word}`, categoryLatin: `Produkte qumështi ${word}` },
      // An entry whose operator gave no Latin name still belongs to the category.
      { name: `Урда ${word}`, category: `Млечни ${word}` },
      { name: `Чипс ${word}`, category: `Грицки ${word}` },
    ]);
    const dairy = [`Кашкавал ${word}`, `Урда ${word}`];
    expect((await search("", `Produkte qumështi ${word}`)).entries.map((e) => e.name).sort()).toEqual(dairy);
    expect((await search("", `produkte qumeshti ${word}`)).total).toBe(2);
    expect((await search("", `Млечни ${word}`)).entries.map((e) => e.name).sort()).toEqual(dairy);
    const found = await search(`кашкавал ${inCyrillic(word.slice(1))}`);
    expect(found.entries[0]).toMatchObject({
      category: `Млечни ${word}`,
      categoryLatin: `Produkte qumështi ${word}`,
    });
    const categories = await listLibraryCategories(database.db);
    expect(categories.filter((c) => c.name.endsWith(word))).toEqual([
      { name: `Грицки ${word}`, latin: "" },
      { name: `Млечни ${word}`, latin: `Produkte qumështi ${word}` },
    ]);
    expect(categoryLabel({ name: `Млечни ${word}`, latin: `Produkte qumështi ${word}` }, "sq")).toBe(
      `Produkte qumështi ${word}`,
    );
    expect(categoryLabel({ name: `Млечни ${word}`, latin: `Produkte qumështi ${word}` }, "en")).toBe(
      `Produkte qumështi ${word}`,
    );
    expect(categoryLabel({ name: `Млечни ${word}`, latin: `Produkte qumështi ${word}` }, "mk")).toBe(
      `Млечни ${word}`,
    );
    expect(categoryLabel({ name: `Грицки ${word}`, latin: "" }, "sq")).toBe(`Грицки ${word}`);
  });

  it("lists a category in alphabetical order: А before Ѓ before Ј, Latin before Cyrillic", async () => {
    const word = uniqueWord();
    const category = `Овошје ${word}`;
    await insertLibraryRows(database.db, [
      { name: "Јаболка", category },
      { name: "Ѓумбир", category },
      { name: "Аронија", category },
      { name: "Ананас", category },
      { name: "Kivi", category },
    ]);
    const listed = await search("", category);
    expect(listed.entries.map((e) => e.name)).toEqual(["Kivi", "Ананас", "Аронија", "Ѓумбир", "Јаболка"]);
  });

  it("pages through the results without repeating or losing an entry", async () => {
    const word = uniqueWord();
    await insertLibraryRows(
      database.db,
      Array.from({ length: 7 }, (_, i) => ({ name: `Производ ${word} ${i}` })),
    );
    const pages = await Promise.all([1, 2, 3].map((page) => search(word, "", page, 3)));
    expect(pages.map((p) => p.entries.length)).toEqual([3, 3, 1]);
    expect(pages[0]!.total).toBe(7);
    expect(new Set(pages.flatMap((p) => p.entries.map((e) => e.id))).size).toBe(7);
  });
});

describe("assigning a library image", () => {
  const productsOf = (ctx: StoreContext, names: string[]) =>
    addProducts(
      ctx,
      names.map((name) => ({ name })),
    );
  const imageOf = async (id: string) =>
    (await database.db.select({ url: product.imageUrl }).from(product).where(eq(product.id, id)))[0]!.url;

  it("gives the owner's selected products the library image", async () => {
    const shop = await createTestStore(database);
    const [entry] = await insertLibraryRows(database.db, [{ name: `Леб ${uniqueWord()}` }]);
    const [a, b] = await productsOf(shop.ctx, ["Леб бел", "Леб црн"]);
    expect(await assignLibraryImage(shop.ctx, { entryId: entry!.id, productIds: [a!.id, b!.id] })).toEqual({
      assigned: 2,
    });
    expect(await imageOf(a!.id)).toMatch(new RegExp(`/${entry!.imageKey}-800\\.webp$`));
    expect(await imageOf(b!.id)).toBe(await imageOf(a!.id));
  });

  it("refuses another store's product ids and changes nothing", async () => {
    const mine = await createTestStore(database);
    const other = await createTestStore(database);
    const [entry] = await insertLibraryRows(database.db, [{ name: `Леб ${uniqueWord()}` }]);
    const [own] = await productsOf(mine.ctx, ["Мој леб"]);
    const [theirs] = await productsOf(other.ctx, ["Нивни леб"]);
    await expect(
      assignLibraryImage(mine.ctx, { entryId: entry!.id, productIds: [own!.id, theirs!.id] }),
    ).rejects.toMatchObject({ code: "notFound" });
    expect(await imageOf(own!.id)).toBeNull();
    expect(await imageOf(theirs!.id)).toBeNull();
    await expect(
      assignLibraryImage(mine.ctx, { entryId: entry!.id, productIds: ["not-a-uuid"] }),
    ).rejects.toMatchObject({ name: "ZodError" });
    await expect(
      assignLibraryImage(mine.ctx, { entryId: crypto.randomUUID(), productIds: [own!.id] }),
    ).rejects.toMatchObject({ code: "notFound" });
  });
});

describe("library matches for a product", () => {
  it("offers the barcode's entry first, then the closest names", async () => {
    const word = uniqueWord();
    const barcode = `531${Date.now().toString().slice(-10)}`;
    await insertLibraryRows(database.db, [
      { name: `Јогурт ${word} 1 кг`, barcode },
      { name: `Млеко ${word} 1 л` },
      { name: `Млеко ${word} 2 л` },
    ]);
    const byName = await suggestLibraryImages(database.db, { name: `Mleko ${word} 1 l` });
    expect(byName[0]!.name).toBe(`Млеко ${word} 1 л`);
    const byBarcode = await suggestLibraryImages(database.db, { name: `Mleko ${word} 1 l`, barcode });
    expect(byBarcode[0]).toMatchObject({ name: `Јогурт ${word} 1 кг`, byBarcode: true });
  });

  it("'use first image for all' assigns matches above the threshold and leaves the others", async () => {
    const shop = await createTestStore(database);
    const word = uniqueWord();
    const barcode = `531${Date.now().toString().slice(-10)}`;
    const [milk, , beer] = await insertLibraryRows(database.db, [
      { name: `Млеко ${word} Бимилк 3,2% 1 л` },
      { name: `Млеко ${word} Здравје 2,8% 1 л` },
      { name: `Пиво ${word} лименка`, barcode },
    ]);
    const rows = await addProducts(shop.ctx, [
      { name: `Mleko ${word} Bimilk 3,2% 1 l` },
      { name: `Пиво со сосема друго име`, barcode },
      { name: `Млеко ${word} Кравица 1 л` },
      { name: "Шрафови М6 100 парчиња" },
      { name: `Млеко ${word} Бимилк 3,2% 1 л`, imageUrl: "/own.webp" },
    ]);
    const ids = rows.map((row) => row.id);
    const result = await applyImportImages({
      db: database.db,
      storeId: shop.storeId,
      importId: crypto.randomUUID(),
      option: "library",
      productIds: ids,
    });
    expect(result).toEqual({ option: "library", matched: 2, unmatched: 2, skipped: 1 });
    const url = async (id: string) =>
      (await database.db.select({ url: product.imageUrl }).from(product).where(eq(product.id, id)))[0]!.url;
    expect(await url(ids[0]!)).toContain(`${milk!.imageKey}-800.webp`);
    expect(await url(ids[1]!)).toContain(`${beer!.imageKey}-800.webp`);
    expect(await url(ids[2]!)).toBeNull();
    expect(await url(ids[3]!)).toBeNull();
    expect(await url(ids[4]!)).toBe("/own.webp");
    const shown = await importLibraryMatches(shop.ctx, ids);
    expect(shown.matchedCount).toBe(2);
    expect(shown.withoutImage).toBe(2);
    expect(shown.matched.map((m) => m.entryName).sort()).toEqual([
      `Млеко ${word} Бимилк 3,2% 1 л`,
      `Пиво ${word} лименка`,
    ]);
    // Another store sees none of these products.
    const other = await createTestStore(database);
    expect((await importLibraryMatches(other.ctx, ids)).matchedCount).toBe(0);
    await database.db.delete(libraryImage).where(eq(libraryImage.id, milk!.id));
  });
});
