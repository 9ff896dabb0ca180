import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { priceHistory } from "~/db/schema/activity";
import { product } from "~/db/schema/catalog";
import { commitImport } from "~/features/import/commit.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { PRICE_FIELDS, planProducts, writeProducts } from "./product-writer.server";

// The one writer of product rows (decision 0122): its matching rule, its one answer for ambiguity,
// the schema's rules over the merged values, and a scope as a field allow-list.

const database = databaseForThisFile();

const productsOf = (storeId: string) =>
  database.db
    .select({
      name: product.name,
      externalId: product.externalId,
      barcode: product.barcode,
      priceCents: product.priceCents,
      regularPriceCents: product.regularPriceCents,
    })
    .from(product)
    .where(eq(product.storeId, storeId))
    .orderBy(asc(product.name));

describe("the product writer", () => {
  it("matches by external id, then barcode, then exact name, and adopts a product without an external id", async () => {
    const { ctx, storeId } = await createTestStore(database);
    await writeProducts(
      ctx,
      [
        { name: "Млеко", priceCents: 6500, barcode: "5310000000005", externalId: "ART-1" },
        { name: "Леб", priceCents: 3000, barcode: "5310000000012" },
        { name: "Сол", priceCents: 2000 },
      ],
      { source: "api" },
    );
    const plan = await planProducts(
      database.db,
      storeId,
      [
        // The external id wins over a barcode that names another product.
        { externalId: "ART-1", barcode: "5310000000012", priceCents: 6600 },
        // A barcode finds the bread, which has no external id yet: it is adopted.
        { externalId: "ART-2", barcode: "5310000000012", priceCents: 3100 },
        // The exact name, when neither key finds one.
        { name: "Сол", priceCents: 2100 },
        // A product with another external id is another product: a new one.
        { externalId: "ART-9", name: "Млеко", priceCents: 1 },
      ],
      { source: "api" },
    );
    expect(plan.problems).toEqual([]);
    expect(plan.rows.map((row) => [row.outcome, row.matchedBy, row.before?.name ?? null])).toEqual([
      ["updated", "externalId", "Млеко"],
      ["updated", "barcode", "Леб"],
      ["updated", "name", "Сол"],
      ["created", null, null],
    ]);
  });

  it("answers ambiguous when several products share a key that nothing narrows, and sameProduct for a second row", async () => {
    const { ctx, storeId } = await createTestStore(database);
    await writeProducts(
      ctx,
      [
        { name: "Сок", priceCents: 9000, barcode: "5310000000005", externalId: "A" },
        { name: "Сок 2", priceCents: 9500, barcode: "5310000000005", externalId: "B" },
        { name: "Леб", priceCents: 3000, externalId: "C" },
        { name: "Леб", priceCents: 3200, externalId: "D" },
      ],
      { source: "api" },
    );
    const plan = await planProducts(
      database.db,
      storeId,
      [
        { barcode: "5310000000005", priceCents: 1 },
        { barcode: "5310000000005", name: "Сок 2", priceCents: 2 },
        { name: "Леб", priceCents: 3 },
        { externalId: "B", priceCents: 4 },
      ],
      { source: "import" },
    );
    expect(plan.problems).toEqual([
      { index: 0, field: "barcode", code: "ambiguous" },
      { index: 2, field: "name", code: "ambiguous" },
      { index: 3, field: "externalId", code: "sameProduct", other: 1 },
    ]);
    expect(plan.rows.map((row) => [row.index, row.before?.externalId])).toEqual([[1, "B"]]);
  });

  it("checks the schema's rules over the values after the row, and writes price history once per change", async () => {
    const { ctx, storeId } = await createTestStore(database);
    await writeProducts(
      ctx,
      [{ name: "Кафе", priceCents: 10000, regularPriceCents: 12000, externalId: "K" }],
      { source: "api" },
    );
    // The row leaves the regular price alone; the new price would be above it.
    const refused = await writeProducts(ctx, [{ externalId: "K", priceCents: 13000 }], { source: "api" });
    expect(refused.problems).toEqual([{ index: 0, field: "regularPriceCents", code: "regularBelowPrice" }]);
    const written = await writeProducts(ctx, [{ externalId: "K", priceCents: 11000 }], { source: "api" });
    expect(written.rows[0]!.outcome).toBe("updated");
    expect(await productsOf(storeId)).toEqual([
      { name: "Кафе", externalId: "K", barcode: null, priceCents: 11000, regularPriceCents: 12000 },
    ]);
    const history = await database.db
      .select({ old: priceHistory.oldPriceCents, new: priceHistory.newPriceCents })
      .from(priceHistory)
      .where(eq(priceHistory.storeId, storeId));
    expect(history).toEqual(
      expect.arrayContaining([
        { old: null, new: 10000 },
        { old: 10000, new: 11000 },
      ]),
    );
    expect(history).toHaveLength(2);
  });

  it("refuses a field outside the allow-list, and a prices write finds a product by its one key only", async () => {
    const { ctx, storeId } = await createTestStore(database);
    await writeProducts(
      ctx,
      [
        { name: "Млеко", priceCents: 6500, barcode: "5310000000005", externalId: "ART-1" },
        { name: "Леб", priceCents: 3000, barcode: "5310000000012" },
      ],
      { source: "api" },
    );
    const before = await productsOf(storeId);
    const refused = await writeProducts(
      ctx,
      [
        { externalId: "ART-1", barcode: "5310000000012", priceCents: 7000 },
        { barcode: "5310000000012", name: "Друго", priceCents: 1 },
        { externalId: "ART-404", priceCents: 1 },
      ],
      { source: "api", fields: PRICE_FIELDS, create: false, allOrNothing: true },
    );
    expect(refused.problems).toEqual([
      { index: 0, field: "barcode", code: "notAllowed" },
      { index: 1, field: "name", code: "notAllowed" },
      { index: 2, field: "externalId", code: "notFound" },
    ]);
    expect(await productsOf(storeId)).toEqual(before);
  });

  it("lets the import match a product by its external id (the POS article code)", async () => {
    const { ctx, storeId } = await createTestStore(database);
    await writeProducts(
      ctx,
      [{ name: "Млеко 1 л", priceCents: 6500, externalId: "ART-77", barcode: "5310000000005" }],
      { source: "api" },
    );
    // The shelf name and barcode changed in the POS; the article code is the same product.
    const result = await commitImport(ctx, [
      { line: 2, name: "Млеко 1л Здравје", priceCents: 6900, externalId: "ART-77", barcode: "5310000000012" },
    ]);
    expect(result.counts).toMatchObject({ added: 0, updated: 1 });
    expect(await productsOf(storeId)).toEqual([
      {
        name: "Млеко 1л Здравје",
        externalId: "ART-77",
        barcode: "5310000000012",
        priceCents: 6900,
        regularPriceCents: null,
      },
    ]);
  });
});
