import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { product } from "~/db/schema/catalog";
import { promotion, promotionProduct } from "~/db/schema/promotions";
import { createProduct } from "~/features/catalog/product.server";
import { addProducts, productInput } from "~/features/catalog/product.test-support";
import { createCategory } from "~/features/categories/category.server";
import { detectMapping } from "~/features/import/columns";
import { commitImport, planImport } from "~/features/import/commit.server";
import { readImportFile } from "~/features/import/read-file.server";
import { toImportRows } from "~/features/import/rows";
import { promotionDay } from "~/features/promotions/price-in-effect.server";
import { savePromotion } from "~/features/promotions/promotion.server";
import { promotionInput } from "~/features/promotions/promotion.test-support";
import { addDays } from "~/lib/calendar";
import type { MoneyLocale } from "~/lib/money";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { exportFields, hasArticleCodes, openExport } from "./product-export.server";
import { productCsvStream } from "./product-export-csv.server";
import { productXlsxStream } from "./product-export-xlsx.server";

// Export → import reports 0 changes when nothing was edited — through the import's own
// reader, mapping, row rules and plan, for CSV in every language and for .xlsx.

const database = databaseForThisFile();
const today = promotionDay();

async function stocked() {
  const shop = await createTestStore(database);
  const dairy = await createCategory(shop.ctx, { name: "Млечни производи" });
  const bulmet = await createCategory(shop.ctx, { name: "Bulmetore" });
  const add = (fields: Record<string, string>) => createProduct(shop.ctx, productInput(fields));
  await add({
    name: "Млеко „Билка“ 3,2%; свежо",
    price: "1234,5",
    regularPrice: "1500",
    categoryId: dairy.id,
    quantity: "12",
    unit: "l",
    netQuantity: "1,5",
    netUnit: "l",
    vatRate: "5",
    barcode: "0012345678905",
    description: 'Пастеризирано\nод Пелагонија, "свежо"',
    availability: "on_order",
  });
  await add({
    name: "Jogurt i freskët",
    price: "59,99",
    categoryId: bulmet.id,
    unit: "piece",
    vatRate: "10",
  });
  await add({ name: "Јајца", price: "8,90", vatRate: "none", availability: "out_of_stock", quantity: "0" });
  await add({
    name: "Сирење овčо",
    price: "0,5",
    unit: "kg",
    netQuantity: "0,125",
    netUnit: "kg",
    vatRate: "0",
  });
  await add({ name: "Кабел 2 м", price: "100000", unit: "m", netQuantity: "2", netUnit: "m", vatRate: "18" });
  await add({ name: '=HYPERLINK("http://x.test","klik")', price: "1", description: "- попуст @ каса" });
  await add({ name: "+389 картичка", price: "200", unit: "set", netQuantity: "3", netUnit: "piece" });
  // Running promotions (decision 0076): 10 % off two products, a custom price on a third.
  const products = await shop.ctx.db
    .select({ id: product.id, name: product.name })
    .from(product)
    .where(eq(product.storeId, shop.storeId));
  const id = (name: string) => products.find((p) => p.name === name)!.id;
  const days = { startsOn: addDays(today, -3), endsOn: addDays(today, 10) };
  await savePromotion(
    shop.ctx,
    promotionInput([{ productId: id("Jogurt i freskët") }, { productId: id("Кабел 2 м") }], days),
  );
  await savePromotion(
    shop.ctx,
    promotionInput([{ productId: id("Јајца"), customPrice: "7,50" }], {
      ...days,
      name: "Рок",
      type: "near_expiry",
    }),
  );
  // Scheduled promotions (decision 0087): one on a product with none running, and one after the
  // running promotion of "Кабел 2 м" (the running one is what its row carries).
  await savePromotion(
    shop.ctx,
    promotionInput([{ productId: id("+389 картичка"), customPrice: "150" }], {
      ...SCHEDULED,
      name: "Декември",
      type: "promotional_sale",
    }),
  );
  await savePromotion(
    shop.ctx,
    promotionInput([{ productId: id("Кабел 2 м") }], {
      startsOn: addDays(today, 20),
      endsOn: addDays(today, 30),
      name: "Подоцна",
    }),
  );
  return shop;
}

/** The days of the scheduled promotion stocked() gives "+389 картичка". */
const SCHEDULED = { startsOn: addDays(today, 5), endsOn: addDays(today, 12) };

const bytesOf = async (stream: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(stream).arrayBuffer());

async function reimport(storeId: string, bytes: Uint8Array, fileName: string) {
  const sheet = await readImportFile(bytes, fileName);
  const { rows, skipped, notes } = toImportRows(sheet.rows, detectMapping(sheet.headers), { today });
  const plan = await planImport(database.db, storeId, rows, today);
  return {
    counts: plan.counts,
    skipped: [...skipped, ...plan.skipped],
    newCategories: plan.newCategories,
    notes: [...notes, ...plan.notes],
  };
}

const NOTHING_CHANGED = { added: 0, updated: 0, unchanged: 7, skipped: 0 };

describe("export → import round trip", () => {
  for (const locale of ["mk", "sq", "en"] as MoneyLocale[]) {
    it(`reports 0 changes for the CSV in ${locale}`, async () => {
      const shop = await stocked();
      const csv = await bytesOf(productCsvStream(await openExport(shop.ctx), locale));
      const result = await reimport(shop.storeId, csv, "products.csv");
      expect(result).toEqual({ counts: NOTHING_CHANGED, skipped: [], newCategories: [], notes: [] });
    });
  }

  it("reports 0 changes for the .xlsx", async () => {
    const shop = await stocked();
    const xlsx = await bytesOf(productXlsxStream(await openExport(shop.ctx), "mk"));
    const result = await reimport(shop.storeId, xlsx, "products.xlsx");
    expect(result).toEqual({ counts: NOTHING_CHANGED, skipped: [], newCategories: [], notes: [] });
  });

  it("writes a running promotion's price, type and days, and the import reads back the same promotion", async () => {
    const shop = await stocked();
    const csv = new TextDecoder().decode(await bytesOf(productCsvStream(await openExport(shop.ctx), "mk")));
    const day = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
    const dates = `${day(addDays(today, -3))} – ${day(addDays(today, 10))}`;
    const line = (name: string) => csv.split("\r\n").find((l) => l.includes(name))!;
    expect(line("Јајца")).toContain(`;"7,50";Стока пред истек на рокот;${dates}`);
    expect(line("Jogurt i freskët")).toContain(`;"53,99";Акциска продажба;${dates}`);
    expect(line("Млеко")).toMatch(/;;;$/);
    // Other days in the file: noted, the promotion stays as it was (decision 0076).
    const moved = csv.replace(
      `7,50";Стока пред истек на рокот;${dates}`,
      `7,50";Стока пред истек на рокот;${day(today)} – ${day(addDays(today, 20))}`,
    );
    const result = await reimport(shop.storeId, new TextEncoder().encode(moved), "products.csv");
    expect(result.counts).toEqual(NOTHING_CHANGED);
    expect(result.notes).toEqual([
      expect.objectContaining({ reason: "discountInPromotion", params: { promotion: "Рок" } }),
    ]);
  });

  it("writes a scheduled promotion's price, type and days; a store without it gets it scheduled by the import (decision 0087)", async () => {
    const shop = await stocked();
    const csv = await bytesOf(productCsvStream(await openExport(shop.ctx), "mk"));
    const text = new TextDecoder().decode(csv);
    const day = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
    const line = (name: string) => text.split("\r\n").find((l) => l.includes(name))!;
    expect(line("+389 картичка")).toContain(
      `;"150,00";Промотивна продажба;${day(SCHEDULED.startsOn)} – ${day(SCHEDULED.endsOn)}`,
    );
    // A product with a running and a later promotion carries the running one.
    expect(line("Кабел 2 м")).toContain(`;Акциска продажба;${day(addDays(today, -3))} – `);

    // The same file into another store: the scheduled promotion with its days. The running ones
    // started 3 days ago, which that store's public page never showed: a promotion cannot start
    // before today there (decision 0094), so each is a note on its line.
    const other = await createTestStore(database);
    const sheet = await readImportFile(csv, "products.csv");
    const { rows } = toImportRows(sheet.rows, detectMapping(sheet.headers), { today });
    const result = await commitImport(other.ctx, rows, { fileName: "products.csv" });
    expect(result.counts).toMatchObject({ added: 7, discounts: 1, skipped: 0 });
    expect(result.notes.map((note) => [note.reason, note.params])).toEqual([
      ["discountStartsBeforeToday", { date: addDays(today, -3) }],
      ["discountStartsBeforeToday", { date: addDays(today, -3) }],
      ["discountStartsBeforeToday", { date: addDays(today, -3) }],
    ]);
    const [card] = await database.db
      .select({ id: product.id })
      .from(product)
      .where(and(eq(product.storeId, other.storeId), eq(product.name, "+389 картичка")));
    const assignments = await database.db
      .select({
        startsOn: promotionProduct.startsOn,
        endsOn: promotionProduct.endsOn,
        customPriceCents: promotionProduct.customPriceCents,
        type: promotion.type,
      })
      .from(promotionProduct)
      .innerJoin(promotion, eq(promotion.id, promotionProduct.promotionId))
      .where(and(eq(promotionProduct.storeId, other.storeId), eq(promotionProduct.productId, card!.id)));
    expect(assignments).toEqual([{ ...SCHEDULED, customPriceCents: 15_000, type: "promotional_sale" }]);
  });

  it("sees an edit made in the file", async () => {
    const shop = await stocked();
    const csv = new TextDecoder().decode(await bytesOf(productCsvStream(await openExport(shop.ctx), "mk")));
    const edited = new TextEncoder().encode(`\uFEFF${csv.replace('Јајца;"8,90"', 'Јајца;"9,40"')}`);
    expect((await reimport(shop.storeId, edited, "products.csv")).counts).toEqual({
      ...NOTHING_CHANGED,
      updated: 1,
      unchanged: 6,
    });
  });

  it("carries the till's article codes beside the barcode, and a renamed product is found by its code", async () => {
    const shop = await createTestStore(database);
    await addProducts(shop.ctx, [
      { name: "Ајвар домашен", priceCents: 18_900, externalId: "A-1001", barcode: "5310000000011" },
      { name: "Млеко", priceCents: 6_500, externalId: "A-1002" },
      { name: "Леб", priceCents: 4_000 },
    ]);
    const fields = exportFields(false, false, false, await hasArticleCodes(shop.ctx));
    const csv = new TextDecoder().decode(
      await bytesOf(productCsvStream(await openExport(shop.ctx), "mk", fields)),
    );
    const [header, ...lines] = csv.replace(/^\uFEFF/, "").split("\r\n");
    const columns = header!.split(";");
    expect(columns.slice(columns.indexOf("Баркод"), columns.indexOf("Баркод") + 2)).toEqual([
      "Баркод",
      "Шифра",
    ]);
    const code = columns.indexOf("Шифра");
    expect(lines.filter(Boolean).map((line) => [line.split(";")[0], line.split(";")[code]])).toEqual([
      ["Ајвар домашен", "A-1001"],
      ["Леб", ""],
      ["Млеко", "A-1002"],
    ]);
    const unchanged = await reimport(shop.storeId, new TextEncoder().encode(csv), "products.csv");
    expect(unchanged.counts).toEqual({ added: 0, updated: 0, unchanged: 3, skipped: 0 });
    // The till renamed the milk: the code still finds it, so nothing is added beside it.
    const renamed = csv.replace("Млеко;", "Млеко Бимилк;");
    expect((await reimport(shop.storeId, new TextEncoder().encode(renamed), "products.csv")).counts).toEqual({
      added: 0,
      updated: 1,
      unchanged: 2,
      skipped: 0,
    });
  });

  it("leaves the code column out when no product has an article code", async () => {
    const shop = await stocked();
    expect(await hasArticleCodes(shop.ctx)).toBe(false);
    expect(exportFields(false, false, false, false)).not.toContain("externalId");
  });
});
