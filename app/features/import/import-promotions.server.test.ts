import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { category, product } from "~/db/schema/catalog";
import { promotion, promotionProduct } from "~/db/schema/promotions";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { categorySchema } from "~/features/categories/category.schema";
import { createCategory } from "~/features/categories/category.server";
import { pricesInEffect, promotionDay } from "~/features/promotions/price-in-effect.server";
import { savePromotion } from "~/features/promotions/promotion.server";
import { promotionInput } from "~/features/promotions/promotion.test-support";
import { addDays } from "~/lib/calendar";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { commitImport, planImport } from "./commit.server";
import { writeDiscounts } from "./import-promotions.server";
import type { ImportRow } from "./rows";

const database = databaseForThisFile();

describe("an import's discount columns become promotions (decision 0062)", () => {
  it("puts each discounted product on a promotion of the file's type and days, keeps the rules, and is idempotent", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const today = promotionDay();
    const [startsOn, endsOn] = [addDays(today, 1), addDays(today, 14)];
    const tobacco = await createCategory(ctx, categorySchema.parse({ name: "Цигари" }));
    await ctx.db.update(category).set({ promotionsForbidden: true }).where(eq(category.id, tobacco.id));
    const coffee = await createProduct(ctx, productInput({ name: "Кафе", price: "300" }));
    await savePromotion(
      ctx,
      promotionInput([{ productId: coffee.id }], {
        name: "Викенд",
        startsOn: today,
        endsOn: addDays(today, 30),
      }),
    );
    const discount = { type: "clearance" as const, startsOn, endsOn };
    const rows: ImportRow[] = [
      { line: 2, name: "Шампон", priceCents: 25_000, discount: { ...discount, priceCents: 19_900 } },
      {
        line: 3,
        name: "Марлборо",
        priceCents: 20_000,
        category: "Цигари",
        discount: { ...discount, priceCents: 18_000 },
      },
      { line: 4, name: "Кафе", priceCents: 30_000, discount: { ...discount, priceCents: 25_000 } },
      { line: 5, name: "Сапун", priceCents: 8_000 },
    ];

    const plan = await planImport(ctx.db, storeId, rows);
    expect(plan.counts).toEqual({ added: 3, updated: 0, unchanged: 1, skipped: 0, discounts: 1 });
    expect(plan.notes).toEqual([
      { line: 3, reason: "discountCategoryForbidden", params: { category: "Цигари" } },
      { line: 4, reason: "discountInPromotion", params: { promotion: "Викенд" } },
    ]);

    const result = await commitImport(ctx, rows, { fileName: "ценовник.xlsx" });
    expect(result.counts.discounts).toBe(1);
    const promotions = await ctx.db
      .select()
      .from(promotion)
      .where(and(eq(promotion.storeId, storeId), eq(promotion.name, "ценовник.xlsx")));
    expect(promotions).toHaveLength(1);
    expect(promotions[0]).toMatchObject({ type: "clearance", startsOn, endsOn, active: true });
    const [shampoo] = await ctx.db
      .select()
      .from(product)
      .where(and(eq(product.storeId, storeId), eq(product.name, "Шампон")));
    // The product keeps its price; the promotion lowers it on its days, with the law's prior price.
    expect(shampoo!.priceCents).toBe(25_000);
    const during = (
      await pricesInEffect(ctx.db, storeId, [shampoo!.id], new Date(`${startsOn}T12:00:00Z`))
    ).get(shampoo!.id)!;
    expect(during).toMatchObject({ priceCents: 19_900, regularCents: 25_000 });
    expect(during.promotion).toMatchObject({ type: "clearance", startsOn, endsOn, priorPriceCents: 25_000 });
    const before = (await pricesInEffect(ctx.db, storeId, [shampoo!.id], new Date(`${today}T12:00:00Z`))).get(
      shampoo!.id,
    )!;
    expect(before.priceCents).toBe(25_000);
    // The coffee stays in its own promotion alone; the cigarettes are in none.
    const assigned = await ctx.db
      .select({ productId: promotionProduct.productId })
      .from(promotionProduct)
      .where(eq(promotionProduct.storeId, storeId));
    expect(assigned.map((row) => row.productId).sort()).toEqual([coffee.id, shampoo!.id].sort());

    // The same file again: nothing changes, no second promotion, nothing noted for the shampoo.
    const again = await planImport(ctx.db, storeId, rows);
    expect(again.counts).toEqual({ added: 0, updated: 0, unchanged: 4, skipped: 0 });
    expect(again.notes.map((note) => note.line)).toEqual([3, 4]);
    await commitImport(ctx, rows, { fileName: "ценовник.xlsx" });
    expect(await ctx.db.$count(promotion, eq(promotion.storeId, storeId))).toBe(2);
  });

  it("adds a discount to a product the file leaves unchanged, and reports another store's file nothing", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const other = await createTestStore(database);
    await createProduct(ctx, productInput({ name: "Леб", price: "40" }));
    const today = promotionDay();
    const rows: ImportRow[] = [
      {
        line: 2,
        name: "Леб",
        priceCents: 4_000,
        discount: { priceCents: 3_500, type: "sales_action", startsOn: today, endsOn: addDays(today, 6) },
      },
    ];
    const result = await commitImport(ctx, rows, { fileName: "леб.csv" });
    expect(result.counts).toMatchObject({ added: 0, updated: 0, unchanged: 1, discounts: 1 });
    expect(await ctx.db.$count(promotionProduct, eq(promotionProduct.storeId, storeId))).toBe(1);
    expect(await ctx.db.$count(promotion, eq(promotion.storeId, other.storeId))).toBe(0);
  });

  it("keeps the wizard's rules: a discount starting before today is noted on its line and becomes no promotion", async () => {
    // Decision 0094: the import built its promotion without the form's checks and started one in the past.
    const { ctx, storeId } = await createTestStore(database);
    const today = promotionDay();
    const rows: ImportRow[] = [
      {
        line: 2,
        name: "Сок",
        priceCents: 10_000,
        discount: {
          priceCents: 8_000,
          type: "sales_action",
          startsOn: addDays(today, -3),
          endsOn: addDays(today, 9),
        },
      },
      {
        line: 3,
        name: "Вода",
        priceCents: 5_000,
        discount: { priceCents: 4_000, type: "sales_action", startsOn: today, endsOn: addDays(today, 9) },
      },
    ];
    const plan = await planImport(ctx.db, storeId, rows, today);
    expect(plan.notes).toEqual([
      { line: 2, reason: "discountStartsBeforeToday", params: { date: addDays(today, -3) } },
    ]);
    const result = await commitImport(ctx, rows, { fileName: "сокови.csv" });
    expect(result.counts).toMatchObject({ added: 2, discounts: 1 });
    const saved = await ctx.db
      .select({ id: product.id, name: product.name })
      .from(product)
      .where(eq(product.storeId, storeId));
    const juice = saved.find((row) => row.name === "Сок")!;
    const prices = await pricesInEffect(
      ctx.db,
      storeId,
      [juice.id],
      new Date(`${addDays(today, -2)}T12:00:00Z`),
    );
    expect(prices.get(juice.id)).toMatchObject({ priceCents: 10_000, promotion: null });
    // The promotion writer itself goes through the same rules.
    await expect(
      writeDiscounts(
        ctx,
        [{ productId: juice.id, priceCents: 10_000, discount: rows[0]!.discount! }],
        "сокови.csv",
        today,
      ),
    ).rejects.toMatchObject({ code: "validation", fields: { startsOn: "validation:startsBeforeToday" } });
    expect(await ctx.db.$count(promotionProduct, eq(promotionProduct.productId, juice.id))).toBe(0);
  });
});
