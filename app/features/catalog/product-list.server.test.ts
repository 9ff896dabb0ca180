import { describe, expect, it } from "vitest";
import { category } from "~/db/schema/catalog";
import { savePromotion } from "~/features/promotions/promotion.server";
import { promotionInput } from "~/features/promotions/promotion.test-support";
import { addDays, skopjeDay } from "~/lib/calendar";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { createProduct, listProducts } from "./product.server";
import { changeProduct, productInput } from "./product.test-support";
import { parseProductListParams } from "./product-list-params";

const database = databaseForThisFile();

const names = async (ctx: Parameters<typeof listProducts>[0], query: string) =>
  (await listProducts(ctx, parseProductListParams(new URLSearchParams(query)))).rows.map((row) => row.name);

describe("products list: search, filters, sort", () => {
  it("matches name, description and barcode in either alphabet and any case", async () => {
    const { ctx } = await createTestStore(database);
    await createProduct(ctx, productInput({ name: "Леб бел", description: "Пченично брашно тип 500" }));
    await createProduct(ctx, productInput({ name: "Kafe Grand", barcode: "4006381333931" }));
    await createProduct(ctx, productInput({ name: "Сирење" }));
    expect(await names(ctx, "q=LEB")).toEqual(["Леб бел"]);
    expect(await names(ctx, "q=пченично")).toEqual(["Леб бел"]);
    expect(await names(ctx, "q=p%C4%8Deni%C4%8Dno")).toEqual(["Леб бел"]);
    expect(await names(ctx, "q=pcenicno")).toEqual(["Леб бел"]);
    expect(await names(ctx, "q=кафе")).toEqual(["Kafe Grand"]);
    expect(await names(ctx, "q=6381333")).toEqual(["Kafe Grand"]);
    expect(await names(ctx, "q=100%25")).toEqual([]);
  });

  it("filters by category, status, stock, promotion and missing image", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const [dairy] = await database.db.insert(category).values({ storeId, name: "Млечни" }).returning();
    await createProduct(ctx, productInput({ name: "A Млеко", categoryId: dairy!.id }));
    await createProduct(ctx, productInput({ name: "B Неактивен", status: "inactive" }));
    await createProduct(ctx, productInput({ name: "C Нема", availability: "out_of_stock" }));
    const onSale = await createProduct(ctx, productInput({ name: "D Акција", price: "100" }));
    // A reduction typed as a regular price is not a promotion (decision 0040): "in promotion" means one.
    await createProduct(ctx, productInput({ name: "F Стар попуст", price: "80", regularPrice: "100" }));
    const today = skopjeDay(new Date());
    await savePromotion(
      ctx,
      promotionInput([{ productId: onSale.id }], { startsOn: today, endsOn: addDays(today, 10) }),
    );
    const withImage = await createProduct(ctx, productInput({ name: "E Слика" }));
    await changeProduct(ctx, withImage.id, { imageUrl: "/media/e.webp" });

    expect(await names(ctx, `category=${dairy!.id}`)).toEqual(["A Млеко"]);
    expect(await names(ctx, "category=none")).toEqual([
      "B Неактивен",
      "C Нема",
      "D Акција",
      "E Слика",
      "F Стар попуст",
    ]);
    expect(await names(ctx, "status=inactive")).toEqual(["B Неактивен"]);
    expect(await names(ctx, "status=active&stock=out")).toEqual(["C Нема"]);
    expect((await names(ctx, "stock=in")).length).toBe(5);
    expect(await names(ctx, "promo=1")).toEqual(["D Акција"]);
    expect(await names(ctx, "noImage=1")).not.toContain("E Слика");
    expect((await names(ctx, "noImage=1")).length).toBe(5);
  });

  it("sorts by name, price, quantity and last update, both ways, and pages", async () => {
    const { ctx } = await createTestStore(database);
    await createProduct(ctx, productInput({ name: "Б", price: "30", quantity: "5" }));
    await createProduct(ctx, productInput({ name: "А", price: "20", quantity: "9" }));
    await createProduct(ctx, productInput({ name: "В", price: "10", quantity: "1" }));
    expect(await names(ctx, "sort=name")).toEqual(["А", "Б", "В"]);
    expect(await names(ctx, "sort=name&dir=desc")).toEqual(["В", "Б", "А"]);
    expect(await names(ctx, "sort=price")).toEqual(["В", "А", "Б"]);
    expect(await names(ctx, "sort=quantity&dir=desc")).toEqual(["А", "Б", "В"]);
    expect(await names(ctx, "sort=updated")).toEqual(["В", "А", "Б"]);
    expect(await names(ctx, "sort=name&size=10&page=2")).toEqual([]);
    const page = await listProducts(ctx, {
      ...parseProductListParams(new URLSearchParams("sort=name")),
      pageSize: 2,
      page: 2,
    });
    expect(page.rows.map((row) => row.name)).toEqual(["В"]);
    expect(page.total).toBe(3);
  });

  it("reads odd query strings as the default view", () => {
    const params = parseProductListParams(
      new URLSearchParams("sort=drop&dir=x&size=7&page=-1&category=1;--"),
      50,
    );
    expect(params).toMatchObject({ sort: "name", dir: "asc", pageSize: 50, page: 1, category: "" });
    expect(parseProductListParams(new URLSearchParams("size=100"), 50).pageSize).toBe(100);
  });
});

describe("name order", () => {
  it("follows the Macedonian alphabet, not code points, and ignores case", async () => {
    const { ctx } = await createTestStore(database);
    for (const name of ["Јаболка", "Алва", "ѕвонче", "Зелка", "Џем", "Шеќер", "банана", "Apple", "zebra"]) {
      await createProduct(ctx, productInput({ name }));
    }
    expect(await names(ctx, "sort=name")).toEqual([
      "Apple",
      "zebra",
      "Алва",
      "банана",
      "Зелка",
      "ѕвонче",
      "Јаболка",
      "Џем",
      "Шеќер",
    ]);
  });
});
