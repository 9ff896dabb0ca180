import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { product } from "~/db/schema/catalog";
import { productSchema } from "~/features/catalog/product.schema";
import { createProduct, getProduct, listProducts, updateProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { listComplianceIssues } from "~/features/compliance/compliance.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { albanianContentEnabled, setAlbanianContent } from "./albanian-content.server";

// A store setting turns on Albanian product content; the product's Albanian name and
// description are stored only while it is on (decision 0074), searched, and checked.

const database = databaseForThisFile();

const milk = (overrides: Record<string, string> = {}) =>
  productInput({
    name: "Млеко Бимилк 1 л",
    description: "Свежо кравјо млеко.",
    nameSq: "Qumësht Bimilk 1 l",
    descriptionSq: "Qumësht lope i freskët.",
    vatRate: "5",
    netQuantity: "1",
    netUnit: "l",
    ...overrides,
  });

async function albanianStore() {
  const shop = await createTestStore(database);
  await setAlbanianContent(shop.ctx, true);
  return shop;
}

describe("Albanian product content", () => {
  it("is off for a new store and turns on and off per store", async () => {
    const shop = await createTestStore(database);
    const other = await createTestStore(database);
    expect(await albanianContentEnabled(database.db, shop.storeId)).toBe(false);
    await setAlbanianContent(shop.ctx, true);
    expect(await albanianContentEnabled(database.db, shop.storeId)).toBe(true);
    expect(await albanianContentEnabled(database.db, other.storeId)).toBe(false);
    await setAlbanianContent(shop.ctx, false);
    expect(await albanianContentEnabled(database.db, shop.storeId)).toBe(false);
  });

  it("stores the Albanian name and description when enabled; an empty field clears it", async () => {
    const { ctx } = await albanianStore();
    const created = await createProduct(ctx, milk());
    expect(created).toMatchObject({ nameSq: "Qumësht Bimilk 1 l", descriptionSq: "Qumësht lope i freskët." });
    await updateProduct(ctx, created.id, milk({ nameSq: "  Qumësht 1 l ", descriptionSq: "" }));
    expect(await getProduct(ctx, created.id)).toMatchObject({ nameSq: "Qumësht 1 l", descriptionSq: null });
  });

  it("ignores Albanian fields posted while the setting is off, and keeps the stored ones", async () => {
    const shop = await createTestStore(database);
    const created = await createProduct(shop.ctx, milk());
    expect(created).toMatchObject({ nameSq: null, descriptionSq: null });
    // Written while on, then the owner turns it off: a post with other Albanian texts changes nothing.
    await setAlbanianContent(shop.ctx, true);
    await updateProduct(shop.ctx, created.id, milk());
    await setAlbanianContent(shop.ctx, false);
    await updateProduct(
      shop.ctx,
      created.id,
      milk({ nameSq: "<script>x</script>", descriptionSq: "tjetër" }),
    );
    expect(await getProduct(shop.ctx, created.id)).toMatchObject({
      nameSq: "Qumësht Bimilk 1 l",
      descriptionSq: "Qumësht lope i freskët.",
    });
  });

  it("refuses an Albanian name or description over the Macedonian limits", () => {
    const tooLong = productSchema.safeParse({ ...validForm, nameSq: "ë".repeat(256) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["nameSq", "validation:tooLong"],
    ]);
    const longDescription = productSchema.safeParse({ ...validForm, descriptionSq: "a".repeat(5001) });
    expect(longDescription.error?.issues.map((issue) => issue.path.join("."))).toEqual(["descriptionSq"]);
    expect(productSchema.safeParse({ ...validForm, nameSq: "ë".repeat(255) }).success).toBe(true);
  });

  it("finds a product by its Albanian name through the search key (either spelling)", async () => {
    const { ctx } = await albanianStore();
    const created = await createProduct(ctx, milk());
    await createProduct(ctx, milk({ name: "Леб", nameSq: "Bukë", description: "", descriptionSq: "" }));
    for (const q of ["Qumësht", "qumesht", "кумесхт", "млеко"]) {
      const { rows } = await listProducts(ctx, { q, page: 1, pageSize: 20 });
      expect([q, rows.map((row) => row.id)]).toEqual([q, [created.id]]);
    }
    const [stored] = await database.db.select().from(product).where(eq(product.id, created.id));
    expect(stored!.searchText).toContain("kumest bimilk");
  });

  it("compliance: a missing Albanian name is flagged only while the setting is on", async () => {
    const shop = await createTestStore(database);
    const without = await createProduct(shop.ctx, milk({ nameSq: "" }));
    expect((await listComplianceIssues(shop.ctx, [without.id]))[without.id] ?? []).not.toContain(
      "albanianName",
    );
    await setAlbanianContent(shop.ctx, true);
    const blank = await createProduct(shop.ctx, milk({ name: "Леб", nameSq: "   " }));
    const named = await createProduct(shop.ctx, milk({ name: "Сирење" }));
    const issues = await listComplianceIssues(shop.ctx, [without.id, blank.id, named.id]);
    expect(issues[without.id]).toContain("albanianName");
    expect(issues[blank.id]).toContain("albanianName");
    expect(issues[named.id] ?? []).not.toContain("albanianName");
  });
});

const validForm = {
  name: "Производ",
  price: "100",
  vatRate: "18",
  unit: "piece",
  quantity: "1",
  availability: "in_stock",
  status: "active",
};
