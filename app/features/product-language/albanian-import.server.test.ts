import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { product } from "~/db/schema/catalog";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { exportFields, openExport } from "~/features/export/product-export.server";
import { productCsvStream } from "~/features/export/product-export-csv.server";
import { productXlsxStream } from "~/features/export/product-export-xlsx.server";
import { detectMapping, fieldForHeader } from "~/features/import/columns";
import { commitImport, planImport } from "~/features/import/commit.server";
import { readImportFile } from "~/features/import/read-file.server";
import { toImportRows } from "~/features/import/rows";
import type { MoneyLocale } from "~/lib/money";
import { searchKey } from "~/lib/transliterate";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { setAlbanianContent } from "./albanian-content.server";

// The import reads the Albanian name and description, the export writes them, and
// export → import is still a round trip with no changes.

const database = databaseForThisFile();

async function bilingualStore() {
  const shop = await createTestStore(database);
  await setAlbanianContent(shop.ctx, true);
  const add = (fields: Record<string, string>) => createProduct(shop.ctx, productInput(fields));
  await add({
    name: "Млеко Бимилк 1 л",
    description: "Свежо млеко.",
    // The quantity its name states, so a round trip has nothing to fill from the name (decision 0126).
    netQuantity: "1",
    netUnit: "l",
    nameSq: "Qumësht Bimilk 1 l",
    descriptionSq: 'Qumësht i freskët; "i pasterizuar"\nnga Manastiri',
  });
  await add({ name: "Леб бел", nameSq: "Bukë e bardhë" });
  await add({ name: "Ајвар" });
  await add({
    name: "Чаша",
    nameSq: '=HYPERLINK("http://x.test")<script>x</script>',
    descriptionSq: "+1 @ka",
  });
  return shop;
}

const bytesOf = async (stream: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(stream).arrayBuffer());

async function reimport(storeId: string, bytes: Uint8Array, fileName: string) {
  const sheet = await readImportFile(bytes, fileName);
  const { rows, skipped } = toImportRows(sheet.rows, detectMapping(sheet.headers));
  const plan = await planImport(database.db, storeId, rows);
  return { counts: plan.counts, skipped: [...skipped, ...plan.skipped], headers: sheet.headers, rows };
}

async function productsByName(storeId: string) {
  const rows = await database.db.select().from(product).where(eq(product.storeId, storeId));
  return Object.fromEntries(rows.map((row) => [row.name, row]));
}

const csvFile = (lines: string[]) => new TextEncoder().encode(`\uFEFF${lines.join("\r\n")}\r\n`);

describe("Albanian columns in the import and the export", () => {
  it("recognises the Albanian name and description headers in mk, sq and en", () => {
    for (const header of [
      "Назив (албански)",
      "Назив на албански",
      "Emri (shqip)",
      "Emri në shqip",
      "name_sq",
      "Name (Albanian)",
      "NAME SQ",
    ])
      expect([header, fieldForHeader(header)]).toEqual([header, "nameSq"]);
    for (const header of [
      "Опис (албански)",
      "Përshkrimi (shqip)",
      "description_sq",
      "Description (Albanian)",
    ])
      expect([header, fieldForHeader(header)]).toEqual([header, "descriptionSq"]);
    // "Emri" alone is the Albanian header of the Macedonian name (what an sq export writes).
    expect(fieldForHeader("Emri")).toBe("name");
    expect(detectMapping(["Назив", "Цена", "Emri (shqip)", "Përshkrimi (shqip)"])).toEqual([
      "name",
      "price",
      "nameSq",
      "descriptionSq",
    ]);
  });

  for (const locale of ["mk", "sq", "en"] as MoneyLocale[]) {
    it(`export → import of the CSV in ${locale} reports 0 changes, Albanian columns included`, async () => {
      const shop = await bilingualStore();
      const csv = await bytesOf(productCsvStream(await openExport(shop.ctx), locale, exportFields(true)));
      const result = await reimport(shop.storeId, csv, "products.csv");
      expect(result.headers.slice(-3)).toEqual(
        {
          mk: ["Назив (албански)", "Опис (албански)", "Категорија (албански)"],
          sq: ["Emri (shqip)", "Përshkrimi (shqip)", "Kategoria (shqip)"],
          en: ["Name (Albanian)", "Description (Albanian)", "Category (Albanian)"],
        }[locale],
      );
      expect(result.counts).toEqual({ added: 0, updated: 0, unchanged: 4, skipped: 0 });
      expect(result.skipped).toEqual([]);
      // The formula-looking Albanian name got an apostrophe in the file and reads back without it.
      expect(new TextDecoder().decode(csv)).toContain(`"'=HYPERLINK(""http://x.test"")<script>x</script>"`);
    });
  }

  it("export → import of the .xlsx reports 0 changes", async () => {
    const shop = await bilingualStore();
    const xlsx = await bytesOf(productXlsxStream(await openExport(shop.ctx), "mk", exportFields(true)));
    expect((await reimport(shop.storeId, xlsx, "products.xlsx")).counts).toEqual({
      added: 0,
      updated: 0,
      unchanged: 4,
      skipped: 0,
    });
  });

  it("an export of a store without Albanian content has no Albanian columns", async () => {
    const shop = await createTestStore(database);
    await createProduct(shop.ctx, productInput({ name: "Леб" }));
    const csv = new TextDecoder().decode(
      await bytesOf(productCsvStream(await openExport(shop.ctx), "mk", exportFields(false))),
    );
    expect(csv).not.toContain("албански");
  });

  it("imports Albanian texts, updates a changed one and refuses one over the limit", async () => {
    const shop = await bilingualStore();
    const file = csvFile([
      "Назив;Продажна цена;Назив (албански);Опис (албански)",
      'Леб бел;100;Bukë e zezë;"Piqet çdo mëngjes"',
      `Нов производ;50;${"ë".repeat(256)};`,
      "Сирење;300;Djathë i bardhë;",
    ]);
    const sheet = await readImportFile(file, "products.csv");
    const { rows, skipped } = toImportRows(sheet.rows, detectMapping(sheet.headers));
    expect(skipped.map((row) => [row.line, row.reason])).toEqual([[3, "nameSqTooLong"]]);
    const result = await commitImport(shop.ctx, rows);
    expect(result.counts).toMatchObject({ added: 1, updated: 1 });
    const byName = await productsByName(shop.storeId);
    expect(byName["Леб бел"]).toMatchObject({ nameSq: "Bukë e zezë", descriptionSq: "Piqet çdo mëngjes" });
    expect(byName.Сирење).toMatchObject({ nameSq: "Djathë i bardhë", descriptionSq: null });
    expect(byName.Сирење!.searchText).toContain(searchKey("Djathë i bardhë"));
  });

  it("ignores the Albanian columns while the store has Albanian content off, keeping stored texts", async () => {
    const shop = await bilingualStore();
    await setAlbanianContent(shop.ctx, false);
    const file = csvFile([
      "Назив;Продажна цена;Назив (албански)",
      "Леб бел;100;<b>tjetër</b>",
      "Ново;5;E re",
    ]);
    const sheet = await readImportFile(file, "products.csv");
    const { rows } = toImportRows(sheet.rows, detectMapping(sheet.headers));
    await commitImport(shop.ctx, rows);
    const byName = await productsByName(shop.storeId);
    expect(byName.Ново?.nameSq).toBeNull();
    expect(byName["Леб бел"]?.nameSq).toBe("Bukë e bardhë");
  });
});
