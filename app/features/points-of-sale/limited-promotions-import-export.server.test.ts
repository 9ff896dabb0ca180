import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { promotion } from "~/db/schema/promotions";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { hasLimitedPromotions } from "~/features/export/other-promotions.server";
import { exportFields, openExport } from "~/features/export/product-export.server";
import { productCsvStream } from "~/features/export/product-export-csv.server";
import { detectMapping } from "~/features/import/columns";
import { planImport } from "~/features/import/commit.server";
import { discountDurationText } from "~/features/import/discount";
import { importFileInto } from "~/features/import/import-file.test-support";
import { readImportFile } from "~/features/import/read-file.server";
import { toImportRows } from "~/features/import/rows";
import { promotionDay } from "~/features/promotions/price-in-effect.server";
import { savePromotion } from "~/features/promotions/promotion.server";
import { promotionInput, upcoming } from "~/features/promotions/promotion.test-support";
import { addDays } from "~/lib/calendar";
import type { StoreContext } from "~/lib/service-context";
import { databaseForThisFile } from "../../../tests/support/test-db";
import { getPromotionPointsOfSale, setPromotionPointsOfSale } from "./overrides.server";
import { createPointOfSale, listPointsOfSale } from "./point-of-sale.server";
import { getPointOfSalePriceList } from "./point-of-sale-prices.server";
import { storeWithTetovo, testAddress } from "./points-of-sale.test-support";

// Decision 0105: a promotion limited to some points of sale goes through the export (the
// "Discount points of sale" column, the points' slugs separated by ";") and the import reads it back
// as the same limit; a point of sale the store does not have is a note on the row, never a
// promotion of every point of sale.

const database = databaseForThisFile();
const today = promotionDay();

const csvOf = (lines: string[]) => new TextEncoder().encode(lines.join("\r\n"));

async function exportCsv(ctx: StoreContext) {
  const fields = exportFields(false, false, await hasLimitedPromotions(ctx, today));
  const bytes = await new Response(productCsvStream(await openExport(ctx), "mk", fields)).arrayBuffer();
  return new Uint8Array(bytes);
}

async function preview(storeId: string, bytes: Uint8Array) {
  const sheet = await readImportFile(bytes, "products.csv");
  const { rows } = toImportRows(sheet.rows, detectMapping(sheet.headers));
  return planImport(database.db, storeId, rows);
}

const promotionsOf = (storeId: string) =>
  database.db
    .select({ id: promotion.id, name: promotion.name, startsOn: promotion.startsOn })
    .from(promotion)
    .where(eq(promotion.storeId, storeId));

/** A store with /tetovo and /centar; milk on a promotion running at Tetovo only, bread on one planned for both. */
async function limitedStore() {
  const { shop, tetovo } = await storeWithTetovo(database);
  const centar = await createPointOfSale(shop.ctx, {
    name: "Центар",
    slug: "centar",
    address: testAddress("Skopje", "Скопје", "ул. Македонија 1"),
    phone: null,
  });
  const milk = await createProduct(shop.ctx, productInput({ name: "Млеко", price: "80" }));
  const bread = await createProduct(shop.ctx, productInput({ name: "Леб", price: "40" }));
  await createProduct(shop.ctx, productInput({ name: "Сол", price: "20" }));
  const running = await savePromotion(
    shop.ctx,
    promotionInput([{ productId: milk.id, customPrice: "70" }], {
      name: "Тетово",
      startsOn: addDays(today, -2),
      endsOn: addDays(today, 5),
    }),
  );
  await setPromotionPointsOfSale(shop.ctx, running.id, [tetovo.id]);
  const planned = await savePromotion(
    shop.ctx,
    promotionInput([{ productId: bread.id, customPrice: "35" }], { name: "Викенд" }),
  );
  await setPromotionPointsOfSale(shop.ctx, planned.id, [tetovo.id, centar.id]);
  return { shop, tetovo, centar, milk, bread, running, planned };
}

describe("a promotion limited to some points of sale through the export and the import", () => {
  it("the export writes its discount with the points' slugs, and reads back with no change", async () => {
    const { shop, running, planned } = await limitedStore();
    const bytes = await exportCsv(shop.ctx);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines[0]!.endsWith(";Продажни места на попустот")).toBe(true);
    const milk = lines.find((line) => line.startsWith("Млеко"))!;
    expect(milk).toContain('"70,00"');
    expect(milk.endsWith(";tetovo")).toBe(true);
    // The CSV's own separator is ";" too: the cell is quoted, and Excel shows "tetovo; centar".
    expect(lines.find((line) => line.startsWith("Леб"))!.endsWith(';"tetovo; centar"')).toBe(true);
    expect(lines.find((line) => line.startsWith("Сол"))!.endsWith(";")).toBe(true);

    const plan = await preview(shop.storeId, bytes);
    expect(plan.counts).toEqual({ added: 0, updated: 0, unchanged: 3, skipped: 0 });
    expect(plan.notes).toEqual([]);
    const result = await importFileInto(shop.ctx, bytes);
    expect(result.counts).toEqual({ added: 0, updated: 0, unchanged: 3, skipped: 0 });
    expect(await promotionsOf(shop.storeId)).toHaveLength(2);
    expect(await getPromotionPointsOfSale(shop.ctx, running.id)).toHaveLength(1);
    expect(await getPromotionPointsOfSale(shop.ctx, planned.id)).toHaveLength(2);
  });

  it("a store with the same points of sale takes the planned promotion back at those points only", async () => {
    const source = await limitedStore();
    const bytes = await exportCsv(source.shop.ctx);
    const { shop, tetovo } = await storeWithTetovo(database);
    const centar = await createPointOfSale(shop.ctx, {
      name: "Центар",
      slug: "centar",
      address: testAddress("Skopje", "Скопје", "ул. Македонија 1"),
      phone: null,
    });
    const result = await importFileInto(shop.ctx, bytes);
    expect(result.counts).toMatchObject({ added: 3, discounts: 1 });
    // The running one started before today: an import does not start a promotion in the past.
    expect(result.notes.map((note) => note.reason)).toEqual(["discountStartsBeforeToday"]);
    const [created] = await promotionsOf(shop.storeId);
    expect(created).toMatchObject({ startsOn: upcoming(0) });
    expect((await getPromotionPointsOfSale(shop.ctx, created!.id)).sort()).toEqual(
      [tetovo.id, centar.id].sort(),
    );
  });

  it("a file limiting a new discount to one point of sale makes a promotion that runs only there", async () => {
    const { shop, tetovo } = await storeWithTetovo(database);
    const days = discountDurationText(upcoming(0), upcoming(6), "mk");
    const result = await importFileInto(
      shop.ctx,
      csvOf([
        "Назив;Продажна цена;Цена со попуст;Времетраење на попуст;Продажни места на попустот",
        `Млеко;80;70;${days};Тетово Центар`,
        `Леб;40;;;`,
      ]),
    );
    expect(result.counts).toMatchObject({ added: 2, discounts: 1 });
    expect(result.notes).toEqual([]);
    const [created] = await promotionsOf(shop.storeId);
    expect(await getPromotionPointsOfSale(shop.ctx, created!.id)).toEqual([tetovo.id]);
    const during = new Date(`${upcoming(1)}T12:00:00Z`);
    const [main] = (await listPointsOfSale(shop.ctx)).filter((point) => point.id !== tetovo.id);
    const priceAt = async (pointId: string) =>
      (await getPointOfSalePriceList(shop.ctx, pointId, during)).products.find((p) => p.name === "Млеко")!
        .priceCents;
    expect(await priceAt(tetovo.id)).toBe(7_000);
    expect(await priceAt(main!.id)).toBe(8_000);
  });

  it("an unknown point of sale (another store's included) is a note on the row, and no promotion", async () => {
    const { shop } = await storeWithTetovo(database);
    const other = await storeWithTetovo(database);
    await createPointOfSale(other.shop.ctx, {
      name: "Струмица",
      slug: "strumica",
      address: testAddress("Strumica", "Струмица"),
      phone: null,
    });
    const days = discountDurationText(upcoming(0), upcoming(6), "mk");
    const bytes = csvOf([
      "Назив;Продажна цена;Цена со попуст;Времетраење на попуст;Продажни места на попустот",
      `Млеко;80;70;${days};"tetovo; strumica"`,
      `Леб;40;35;${days};Куманово`,
    ]);
    const plan = await preview(shop.storeId, bytes);
    expect(plan.notes).toEqual([
      { line: 2, reason: "discountPointOfSaleUnknown", params: { pointOfSale: "strumica" } },
      { line: 3, reason: "discountPointOfSaleUnknown", params: { pointOfSale: "Куманово" } },
    ]);
    expect(plan.counts).toEqual({ added: 2, updated: 0, unchanged: 0, skipped: 0 });
    const result = await importFileInto(shop.ctx, bytes);
    expect(result.counts.discounts).toBeUndefined();
    expect(await promotionsOf(shop.storeId)).toEqual([]);
    expect(await promotionsOf(other.shop.storeId)).toEqual([]);
  });

  it("the same discount at other points of sale is noted, not taken as the promotion the product has", async () => {
    const { shop, tetovo } = await limitedStore();
    const bytes = await exportCsv(shop.ctx);
    const text = new TextDecoder().decode(bytes);
    const edited = text.replace(/;"tetovo; centar"\r\n/, ";\r\n");
    expect(edited).not.toBe(text);
    const plan = await preview(shop.storeId, new TextEncoder().encode(edited));
    expect(plan.notes.map((note) => [note.reason, note.params])).toEqual([
      ["discountInPromotion", { promotion: "Викенд" }],
    ]);
    const [running] = await database.db
      .select()
      .from(promotion)
      .where(and(eq(promotion.storeId, shop.storeId), eq(promotion.name, "Тетово")));
    expect(running).toBeDefined();
    expect(await getPromotionPointsOfSale(shop.ctx, running!.id)).toEqual([tetovo.id]);
  });
});
