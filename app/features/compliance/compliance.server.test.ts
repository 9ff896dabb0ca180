import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { product } from "~/db/schema/catalog";
import { productReport } from "~/db/schema/compliance";
import { createProduct, updateProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { countNeedsAttention, listComplianceIssues, summarizeAttention } from "./compliance.server";
import { lacksDescription } from "./compliance-rules";

// A test per rule of the compliance check — a product that breaks it, and the same kind
// of product that keeps it.

const database = databaseForThisFile();

/** A product that keeps every rule unless `overrides` break one. */
const compliant = (overrides: Record<string, string> = {}) =>
  productInput({ name: "Чаша", description: "Стаклена чаша.", vatRate: "18", ...overrides });

async function issuesOf(overrides: Record<string, string>) {
  const { ctx } = await createTestStore(database);
  const created = await createProduct(ctx, compliant(overrides));
  return (await listComplianceIssues(ctx, [created.id]))[created.id] ?? [];
}

describe("compliance check: a rule per law requirement", () => {
  it("a compliant product needs nothing", async () => {
    expect(await issuesOf({})).toEqual([]);
  });

  it("unitPrice: packaged goods sold by weight or volume need a net quantity", async () => {
    // The name says it: a quantity with a unit, in either alphabet and case.
    expect(await issuesOf({ name: "Сок портокал 1 л" })).toContain("unitPrice");
    expect(await issuesOf({ name: "Sok 0,5L" })).toContain("unitPrice");
    expect(await issuesOf({ name: "Кифли 6 x 60 г", unit: "pack" })).toContain("unitPrice");
    expect(await issuesOf({ name: "ЧАЈ 20 Г" })).toContain("unitPrice");
    // Or the kind of goods does, in mk, sq or en (the search key's skeleton).
    expect(await issuesOf({ name: "Млеко", vatRate: "5" })).toContain("unitPrice");
    expect(await issuesOf({ name: "Qumësht i freskët", vatRate: "5" })).toContain("unitPrice");
    expect(await issuesOf({ name: "Olive oil" })).toContain("unitPrice");
    expect(await issuesOf({ name: "Sveže MLEKO", vatRate: "5" })).toContain("unitPrice");
    // The name decides, not the description: a glass for water is not water.
    expect(await issuesOf({ name: "Чаша", description: "Стаклена чаша за вода и сок." })).toEqual([]);
    // A stem counts only at the start of a word: a "Нескафе" mug is not coffee.
    expect(await issuesOf({ name: "Нескафе шолја" })).toEqual([]);
    // With a net quantity the unit price is computed; sold per kg the price is the unit price.
    expect(await issuesOf({ name: "Млеко 1 л", vatRate: "5", netQuantity: "1", netUnit: "l" })).not.toContain(
      "unitPrice",
    );
    expect(await issuesOf({ name: "Сирење", vatRate: "5", unit: "kg" })).not.toContain("unitPrice");
    // Not goods sold by measure: a percentage or a model number is not a quantity.
    expect(await issuesOf({ name: "Чаша 2,8% попуст" })).not.toContain("unitPrice");
    expect(await issuesOf({ name: "Кабел 3 м USB", unit: "piece" })).not.toContain("unitPrice");
    expect(await issuesOf({ name: "Gl 5 Lenovo 15" })).not.toContain("unitPrice");
  });

  it("vatRate: basic food at 18 % (food is taxed at 5 %)", async () => {
    expect(await issuesOf({ name: "Леб бел 500 г", netQuantity: "500", netUnit: "g" })).toContain("vatRate");
    expect(await issuesOf({ name: "Bukë e bardhë", unit: "kg" })).toContain("vatRate");
    expect(await issuesOf({ name: "Леб бел", unit: "kg", vatRate: "5" })).not.toContain("vatRate");
    // Drinks carry 18 %.
    expect(await issuesOf({ name: "Пиво Скопско", netQuantity: "0,5", netUnit: "l" })).not.toContain(
      "vatRate",
    );
  });

  it("description: every item has one", async () => {
    expect(await issuesOf({ description: "" })).toEqual(["description"]);
    expect(await issuesOf({ description: "   " })).toEqual(["description"]);
  });

  it("description: the name repeated, or a part of it, is none (decision 0127)", async () => {
    const name = "Ајвар домашен 350 г";
    const sized = { name, netQuantity: "350", netUnit: "g" };
    // A generated text that only repeats the name, in another case or punctuation, is not a description.
    expect(await issuesOf({ ...sized, description: name })).toEqual(["description"]);
    expect(await issuesOf({ ...sized, description: "АЈВАР ДОМАШЕН, 350г." })).toEqual(["description"]);
    expect(await issuesOf({ ...sized, description: "Ајвар" })).toEqual(["description"]);
    // A name that states the product and its quantity still lacks one: the law lists both.
    expect(await issuesOf({ ...sized, description: "" })).toEqual(["description"]);
    // Any word beyond the name is a description.
    expect(await issuesOf({ ...sized, description: "Ајвар од печени пиперки, домашен." })).toEqual([]);
  });

  it("lacksDescription says what the SQL rule says", () => {
    expect(lacksDescription("Ајвар домашен 350 г", "ајвар ДОМАШЕН 350г")).toBe(true);
    expect(lacksDescription("Ајвар домашен 350 г", null)).toBe(true);
    expect(lacksDescription("Ајвар домашен 350 г", "Печени пиперки")).toBe(false);
  });

  it("promotionDates: a regular price above the price is a promotion, which needs its dates", async () => {
    expect(await issuesOf({ price: "80", regularPrice: "100" })).toEqual(["promotionDates"]);
    expect(await issuesOf({ price: "100", regularPrice: "100" })).toEqual([]);
  });

  it("reportedPrice: a price reported as wrong and not changed since", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const reported = await createProduct(ctx, compliant({ name: "Пријавен" }));
    const otherReason = await createProduct(ctx, compliant({ name: "Слика" }));
    const report = (productId: string, reasons: ("price" | "image" | "other")[], createdAt: Date) =>
      database.db
        .insert(productReport)
        .values({ storeId, productId, productName: "x", reasons, visitorKey: "v", createdAt });
    await report(reported.id, ["price", "other"], new Date(Date.now() + 1000));
    await report(otherReason.id, ["image"], new Date(Date.now() + 1000));
    const ids = [reported.id, otherReason.id];
    expect(await listComplianceIssues(ctx, ids)).toEqual({ [reported.id]: ["reportedPrice"] });

    // Correcting the price answers the report.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await updateProduct(ctx, reported.id, compliant({ name: "Пријавен", price: "95" }));
    expect(await listComplianceIssues(ctx, ids)).toEqual({});

    // So does resolving the report.
    const again = await createProduct(ctx, compliant({ name: "Пак" }));
    await report(again.id, ["price"], new Date(Date.now() + 1000));
    expect(await listComplianceIssues(ctx, [again.id])).toEqual({ [again.id]: ["reportedPrice"] });
    await database.db
      .update(productReport)
      .set({ status: "resolved" })
      .where(eq(productReport.productId, again.id));
    expect(await listComplianceIssues(ctx, [again.id])).toEqual({});
  });

  it("inactive products are not on the public list, so they are not checked", async () => {
    expect(await issuesOf({ description: "", status: "inactive", name: "Млеко" })).toEqual([]);
  });

  it("counts the store's products that need attention, and only this store's", async () => {
    const mine = await createTestStore(database);
    const theirs = await createTestStore(database);
    await createProduct(mine.ctx, compliant());
    await createProduct(mine.ctx, compliant({ description: "" }));
    await createProduct(mine.ctx, compliant({ name: "Млеко", vatRate: "5", description: "" }));
    await createProduct(theirs.ctx, compliant({ description: "" }));
    expect(await countNeedsAttention(mine.ctx)).toBe(2);
    expect(await countNeedsAttention(theirs.ctx)).toBe(1);
    // Another store's product ids give nothing.
    const [their] = await database.db.select().from(product).where(eq(product.storeId, theirs.storeId));
    expect(await listComplianceIssues(mine.ctx, [their!.id])).toEqual({});
  });

  it("summarizes the count and the products checked: a list is complete only with products and none lacking", async () => {
    const mine = await createTestStore(database);
    const theirs = await createTestStore(database);
    // No products yet: nothing needs attention, and nothing was checked either.
    expect(await summarizeAttention(mine.ctx)).toEqual({ attention: 0, checked: 0 });
    await createProduct(mine.ctx, compliant());
    await createProduct(mine.ctx, compliant({ name: "Шолја", status: "inactive", description: "" }));
    await createProduct(theirs.ctx, compliant({ description: "" }));
    expect(await summarizeAttention(mine.ctx)).toEqual({ attention: 0, checked: 1 });
    expect(await summarizeAttention(theirs.ctx)).toEqual({ attention: 1, checked: 1 });
  });
});
