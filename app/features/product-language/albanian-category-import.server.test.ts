import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { category } from "~/db/schema/catalog";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { createCategory } from "~/features/categories/category.server";
import { exportFields, openExport } from "~/features/export/product-export.server";
import { productCsvStream } from "~/features/export/product-export-csv.server";
import { productXlsxStream } from "~/features/export/product-export-xlsx.server";
import { detectMapping, fieldForHeader } from "~/features/import/columns";
import { planImport } from "~/features/import/commit.server";
import { importFileInto } from "~/features/import/import-file.test-support";
import { readImportFile } from "~/features/import/read-file.server";
import { toImportRows } from "~/features/import/rows";
import type { StoreContext } from "~/lib/service-context";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { setAlbanianContent } from "./albanian-content.server";

// Decision 0106: the category's Albanian name (category.name_sq) goes through the product
// export ("Категорија (албански)") and the import sets, changes or clears it by the rule of the
// product's Albanian name and description.

const database = databaseForThisFile();

const csvFile = (lines: string[]) => new TextEncoder().encode(`\uFEFF${lines.join("\r\n")}\r\n`);
const bytesOf = async (stream: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(stream).arrayBuffer());

async function storeWithCategories(albanian = true) {
  const shop = await createTestStore(database);
  await setAlbanianContent(shop.ctx, albanian);
  const dairy = await createCategory(shop.ctx, { name: "Млечни производи", nameSq: "Bulmetore" });
  const bread = await createCategory(shop.ctx, { name: "Леб", nameSq: null });
  await createProduct(shop.ctx, productInput({ name: "Млеко", categoryId: dairy.id }));
  await createProduct(shop.ctx, productInput({ name: "Јогурт", categoryId: dairy.id }));
  await createProduct(shop.ctx, productInput({ name: "Бел леб", categoryId: bread.id }));
  return { shop, dairy, bread };
}

async function preview(ctx: StoreContext, bytes: Uint8Array, fileName = "products.csv") {
  const sheet = await readImportFile(bytes, fileName);
  const { rows } = toImportRows(sheet.rows, detectMapping(sheet.headers));
  return planImport(ctx.db, ctx.storeId, rows);
}

async function namesSq(storeId: string) {
  const rows = await database.db
    .select({ name: category.name, nameSq: category.nameSq })
    .from(category)
    .where(eq(category.storeId, storeId));
  return Object.fromEntries(rows.map((row) => [row.name, row.nameSq]));
}

describe("the category's Albanian name in the export and the import", () => {
  it("recognises its headers in mk, sq and en", () => {
    for (const header of ["Категорија (албански)", "Kategoria (shqip)", "Category (Albanian)", "category_sq"])
      expect([header, fieldForHeader(header)]).toEqual([header, "categorySq"]);
    expect(fieldForHeader("Kategoria")).toBe("category");
  });

  it("the export writes it on each product's row, and CSV and .xlsx read back with no change", async () => {
    const { shop } = await storeWithCategories();
    const csv = await bytesOf(productCsvStream(await openExport(shop.ctx), "sq", exportFields(true)));
    const lines = new TextDecoder().decode(csv).split("\r\n");
    expect(lines[0]!.endsWith(";Kategoria (shqip)")).toBe(true);
    expect(lines.find((line) => line.startsWith("Млеко"))!.endsWith(";Bulmetore")).toBe(true);
    expect((await preview(shop.ctx, csv)).counts).toEqual({ added: 0, updated: 0, unchanged: 3, skipped: 0 });
    const xlsx = await bytesOf(productXlsxStream(await openExport(shop.ctx), "mk", exportFields(true)));
    expect((await preview(shop.ctx, xlsx, "products.xlsx")).counts).toEqual({
      added: 0,
      updated: 0,
      unchanged: 3,
      skipped: 0,
    });
  });

  it("sets, changes and clears it; a category named on several rows takes its first Albanian name", async () => {
    const { shop } = await storeWithCategories();
    const file = csvFile([
      "Назив;Продажна цена;Категорија;Категорија (албански)",
      "Млеко;100;Млечни производи;",
      "Јогурт;100;Млечни производи;Qumështore",
      "Бел леб;100;Леб;Bukë",
      "Сол;20;Зачини;Erëza",
    ]);
    const plan = await preview(shop.ctx, file);
    expect(plan.counts).toMatchObject({ added: 1, unchanged: 3, categoryNamesSq: 3 });
    await importFileInto(shop.ctx, file);
    expect(await namesSq(shop.storeId)).toEqual({
      "Млечни производи": "Qumështore",
      Леб: "Bukë",
      Зачини: "Erëza",
    });
    const cleared = csvFile(["Назив;Продажна цена;Категорија;Категорија (албански)", "Бел леб;100;Леб;"]);
    expect((await importFileInto(shop.ctx, cleared)).counts).toMatchObject({ categoryNamesSq: 1 });
    expect((await namesSq(shop.storeId)).Леб).toBeNull();
    // A file without the column keeps them.
    await importFileInto(shop.ctx, csvFile(["Назив;Продажна цена;Категорија", "Млеко;100;Млечни производи"]));
    expect((await namesSq(shop.storeId))["Млечни производи"]).toBe("Qumështore");
  });

  it("is ignored while the store has Albanian content off", async () => {
    const { shop } = await storeWithCategories(false);
    const file = csvFile([
      "Назив;Продажна цена;Категорија;Категорија (албански)",
      "Млеко;100;Млечни производи;Tjetër",
    ]);
    expect((await preview(shop.ctx, file)).counts.categoryNamesSq).toBeUndefined();
    await importFileInto(shop.ctx, file);
    expect((await namesSq(shop.storeId))["Млечни производи"]).toBe("Bulmetore");
  });
});
