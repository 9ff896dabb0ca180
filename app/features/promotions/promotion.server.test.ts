import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isExclusionViolation } from "~/db/errors";
import { category } from "~/db/schema/catalog";
import { promotionProduct } from "~/db/schema/promotions";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { categorySchema } from "~/features/categories/category.schema";
import { createCategory } from "~/features/categories/category.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { listProductPromotions, promotionCounts } from "./product-promotions.server";
import { inSeasonalWindow, promotionSchema } from "./promotion.schema";
import { deletePromotion, getPromotion, listPromotions, savePromotion } from "./promotion.server";
import { promotionInput, upcoming } from "./promotion.test-support";
import { setPromotionActive } from "./promotion-activation.server";

const database = databaseForThisFile();

const firstMessage = (values: Record<string, string>) =>
  promotionSchema.safeParse({
    name: "Акција",
    type: "sales_action",
    discountType: "percentage",
    value: "10",
    startsOn: "2026-12-01",
    endsOn: "2026-12-07",
    products: JSON.stringify([{ productId: "00000000-0000-4000-8000-000000000001" }]),
    ...values,
  }).error?.issues[0]?.message;

async function storeWithProducts(names: [string, string][]) {
  const store = await createTestStore(database);
  const products = [];
  for (const [name, price] of names)
    products.push(await createProduct(store.ctx, productInput({ name, price })));
  return { ...store, products };
}

describe("promotion rules", () => {
  it("requires a name, a value of at least 1, a percentage of at most 100, and an end not before the start", () => {
    expect(firstMessage({ name: " " })).toBe("validation:required");
    expect(firstMessage({ value: "" })).toBe("validation:required");
    expect(firstMessage({ value: "abc" })).toBe("validation:numberInvalid");
    expect(firstMessage({ value: "0,5" })).toBe("validation:promotionValueMin");
    expect(firstMessage({ value: "100,01" })).toBe("validation:percentMax");
    expect(firstMessage({ value: "100" })).toBeUndefined();
    expect(firstMessage({ discountType: "fixed", value: "150" })).toBeUndefined();
    expect(firstMessage({ endsOn: "2026-11-30" })).toBe("validation:endBeforeStart");
    expect(firstMessage({ startsOn: "" })).toBe("validation:required");
    expect(firstMessage({ type: "black_friday" })).toBe("validation:choiceInvalid");
  });

  it("requires at least one product: 'A promotion and at least one product must be selected'", () => {
    expect(firstMessage({ products: "[]" })).toBe("errors:promotionProductsRequired");
  });

  it("allows a seasonal reduction only from 25 Aug to 25 Sep and from 25 Dec to 25 Jan", () => {
    expect(inSeasonalWindow("2026-08-25", "2026-09-25")).toBe(true);
    expect(inSeasonalWindow("2026-08-24", "2026-09-10")).toBe(false);
    expect(inSeasonalWindow("2026-09-01", "2026-09-26")).toBe(false);
    expect(inSeasonalWindow("2026-12-25", "2027-01-25")).toBe(true);
    expect(inSeasonalWindow("2027-01-02", "2027-01-25")).toBe(true);
    expect(inSeasonalWindow("2026-12-20", "2027-01-10")).toBe(false);
    expect(inSeasonalWindow("2026-12-26", "2027-01-26")).toBe(false);
    expect(firstMessage({ type: "seasonal" })).toBe("validation:seasonalWindow");
    expect(firstMessage({ type: "seasonal", startsOn: "2026-12-26", endsOn: "2027-01-06" })).toBeUndefined();
  });

  it("refuses a custom price that is not below the product's price, naming the product and the price", async () => {
    const { ctx, products } = await storeWithProducts([["Кафе Гранд", "1200"]]);
    const input = promotionInput([{ productId: products[0]!.id, customPrice: "1200" }]);
    await expect(savePromotion(ctx, input)).rejects.toMatchObject({
      code: "customPriceTooHigh",
      fields: { form: "errors:customPriceTooHigh" },
      params: { product: "Кафе Гранд", price: "1200,00" },
    });
    expect(await listPromotions(ctx)).toEqual([]);
    const saved = await savePromotion(
      ctx,
      promotionInput([{ productId: products[0]!.id, customPrice: "999,90" }]),
    );
    expect((await getPromotion(ctx, saved.id)).products[0]).toMatchObject({ customPriceCents: 99_990 });
  });

  it("refuses a fixed discount that would leave a product at zero or below", async () => {
    const { ctx, products } = await storeWithProducts([["Жвака", "20"]]);
    const input = promotionInput([{ productId: products[0]!.id }], { discountType: "fixed", value: "20" });
    await expect(savePromotion(ctx, input)).rejects.toMatchObject({ code: "promotionPriceNotPositive" });
  });

  it("refuses products of a category where promotions are forbidden", async () => {
    const { ctx } = await createTestStore(database);
    const food = await createCategory(ctx, categorySchema.parse({ name: "Храна" }));
    await ctx.db.update(category).set({ promotionsForbidden: true }).where(eq(category.id, food.id));
    const bread = await createProduct(ctx, productInput({ name: "Леб", price: "40", categoryId: food.id }));
    await expect(savePromotion(ctx, promotionInput([{ productId: bread.id }]))).rejects.toMatchObject({
      code: "promotionForbiddenCategory",
      params: { product: "Леб" },
    });
  });
});

describe("the specification's messages", () => {
  it("answers 'Failed to add products to promotion' when the products cannot be written, and saves nothing", async () => {
    const { ctx, products } = await storeWithProducts([["Кекс", "90"]]);
    const [cake] = products;
    // The database refuses this one product's assignment (as a broken row or a lost disk would);
    // the trigger is made by the tables' owner (the store's own walled connection may not).
    const fn = `refuse_${cake!.id.replaceAll("-", "")}`;
    await database.db.execute(
      sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin
        if new.product_id = '${cake!.id}' then raise exception 'refused' using errcode = 'check_violation'; end if;
        return new; end $$`),
    );
    await database.db.execute(
      sql.raw(
        `create trigger ${fn} before insert on promotion_product for each row execute function ${fn}()`,
      ),
    );
    try {
      await expect(savePromotion(ctx, promotionInput([{ productId: cake!.id }]))).rejects.toMatchObject({
        code: "promotionAddProductsFailed",
        messageKey: "errors:promotionAddProductsFailed",
      });
      expect(await listPromotions(ctx)).toEqual([]);
    } finally {
      await database.db.execute(sql.raw(`drop trigger ${fn} on promotion_product`));
      await database.db.execute(sql.raw(`drop function ${fn}()`));
    }
  });
});

describe("one active promotion per product", () => {
  it("asks before moving a product from another active promotion on the same days, then moves it", async () => {
    const { ctx, products } = await storeWithProducts([
      ["Сирење", "500"],
      ["Млеко", "80"],
    ]);
    const [cheese, milk] = products;
    const first = await savePromotion(
      ctx,
      promotionInput([{ productId: cheese!.id }, { productId: milk!.id }]),
    );
    const second = promotionInput([{ productId: cheese!.id }], {
      name: "Втора",
      startsOn: upcoming(4),
      endsOn: upcoming(19),
    });
    await expect(savePromotion(ctx, second)).rejects.toMatchObject({
      code: "promotionMoveConfirm",
      params: { count: 1, products: "Сирење", promotions: "Викенд акција" },
    });
    const moved = await savePromotion(ctx, { ...second, move: true });
    expect((await getPromotion(ctx, first.id)).products.map((p) => p.name)).toEqual(["Млеко"]);
    expect((await getPromotion(ctx, moved.id)).products.map((p) => p.name)).toEqual(["Сирење"]);
  });

  it("lets a product be in promotions on different days, and in an inactive one", async () => {
    const { ctx, products } = await storeWithProducts([["Чај", "90"]]);
    const only = [{ productId: products[0]!.id }];
    await savePromotion(ctx, promotionInput(only));
    const later = await savePromotion(
      ctx,
      promotionInput(only, { startsOn: upcoming(7), endsOn: upcoming(30) }),
    );
    // Activation is reckoned on a day before these promotions start (decision 0093).
    const before = new Date("2026-11-01T10:00:00Z");
    await setPromotionActive(ctx, later.id, false, before);
    // The same days as the inactive one: allowed once that one is inactive… but not both active.
    await savePromotion(ctx, promotionInput(only, { startsOn: upcoming(9), endsOn: upcoming(11) }));
    await expect(setPromotionActive(ctx, later.id, true, before)).rejects.toMatchObject({
      code: "promotionProductTaken",
    });
  });

  it("is the database's rule: a second overlapping active assignment is refused whoever writes it", async () => {
    const { ctx, storeId, products } = await storeWithProducts([["Сок", "70"]]);
    const first = await savePromotion(ctx, promotionInput([{ productId: products[0]!.id }]));
    const other = await savePromotion(
      ctx,
      promotionInput([{ productId: (await createProduct(ctx, productInput({ name: "Вода" }))).id }]),
    );
    await expect(
      ctx.db.insert(promotionProduct).values({
        storeId,
        promotionId: other.id,
        productId: products[0]!.id,
        startsOn: "2000-01-01",
        endsOn: "2000-01-01",
      }),
    ).rejects.toSatisfy(isExclusionViolation);
    expect((await getPromotion(ctx, first.id)).products).toHaveLength(1);
  });
});

describe("promotions of one store only", () => {
  it("never reads, changes, deletes or uses another store's promotions and products", async () => {
    const mine = await storeWithProducts([["Јаболка", "60"]]);
    const theirs = await storeWithProducts([["Круши", "80"]]);
    const their = await savePromotion(theirs.ctx, promotionInput([{ productId: theirs.products[0]!.id }]));
    await expect(getPromotion(mine.ctx, their.id)).rejects.toMatchObject({ code: "notFound" });
    await expect(setPromotionActive(mine.ctx, their.id, false)).rejects.toMatchObject({ code: "notFound" });
    await expect(deletePromotion(mine.ctx, their.id)).rejects.toMatchObject({ code: "notFound" });
    await expect(
      savePromotion(mine.ctx, promotionInput([{ productId: mine.products[0]!.id }]), { id: their.id }),
    ).rejects.toMatchObject({ code: "notFound" });
    // Their product in my promotion: not there.
    await expect(
      savePromotion(mine.ctx, promotionInput([{ productId: theirs.products[0]!.id }])),
    ).rejects.toMatchObject({ code: "notFound" });
    // The database refuses it too: an assignment takes its promotion's store.
    const mineSaved = await savePromotion(mine.ctx, promotionInput([{ productId: mine.products[0]!.id }]));
    await expect(
      mine.ctx.db.insert(promotionProduct).values({
        storeId: mine.storeId,
        promotionId: mineSaved.id,
        productId: theirs.products[0]!.id,
        startsOn: upcoming(0),
        endsOn: upcoming(0),
      }),
    ).rejects.toThrow();
    expect(await listPromotions(mine.ctx)).toHaveLength(1);
    expect((await getPromotion(theirs.ctx, their.id)).active).toBe(true);
    const rows = await theirs.ctx.db
      .select()
      .from(promotionProduct)
      .where(and(eq(promotionProduct.promotionId, their.id)));
    expect(rows).toHaveLength(1);
  });
});

describe("promotion states and lists", () => {
  it("shows scheduled, active, ended and inactive by the Skopje day, filters by state, counts products", async () => {
    const { ctx, products } = await storeWithProducts([
      ["А", "100"],
      ["Б", "100"],
    ]);
    const [a, b] = products;
    const ended = await savePromotion(
      ctx,
      promotionInput([{ productId: a!.id }], {
        name: "Минатa",
        startsOn: "2026-11-01",
        endsOn: "2026-11-10",
      }),
    );
    const running = await savePromotion(
      ctx,
      promotionInput([{ productId: a!.id }, { productId: b!.id }], {
        name: "Сега",
        startsOn: "2026-11-20",
        endsOn: "2026-11-30",
      }),
    );
    const scheduled = await savePromotion(
      ctx,
      promotionInput([{ productId: b!.id }], { name: "Потоа", startsOn: "2026-12-10", endsOn: "2026-12-20" }),
    );
    const off = await savePromotion(
      ctx,
      promotionInput([{ productId: a!.id }], {
        name: "Исклучена",
        startsOn: "2027-01-01",
        endsOn: "2027-01-02",
      }),
    );
    await setPromotionActive(ctx, off.id, false, new Date("2026-11-01T10:00:00Z"));
    // 23:30 on 22 Nov in UTC is 00:30 on 23 Nov in Skopje.
    const now = new Date("2026-11-22T23:30:00Z");
    const all = await listPromotions(ctx, { now });
    expect(Object.fromEntries(all.map((p) => [p.id, p.state]))).toEqual({
      [ended.id]: "ended",
      [running.id]: "active",
      [scheduled.id]: "scheduled",
      [off.id]: "inactive",
    });
    expect(all.find((p) => p.id === running.id)?.productCount).toBe(2);
    expect((await listPromotions(ctx, { now, state: "scheduled" })).map((p) => p.id)).toEqual([scheduled.id]);
    expect((await listPromotions(ctx, { now, state: "ended" })).map((p) => p.id)).toEqual([ended.id]);
    const counts = await promotionCounts(ctx, [a!.id, b!.id], now);
    expect(counts.get(a!.id)).toBe(1);
    expect(counts.get(b!.id)).toBe(2);
    expect((await listProductPromotions(ctx, a!.id, now)).map((p) => p.state)).toEqual([
      "inactive",
      "active",
      "ended",
    ]);
    await deletePromotion(ctx, ended.id);
    expect(await listPromotions(ctx, { now, state: "ended" })).toEqual([]);
  });

  it("shows a running or scheduled promotion whose products were all moved away as empty, never as active", async () => {
    const { ctx, products } = await storeWithProducts([["В", "100"]]);
    const [item] = products;
    const days = { startsOn: "2026-11-20", endsOn: "2026-11-30" };
    const first = await savePromotion(
      ctx,
      promotionInput([{ productId: item!.id }], { name: "Прва", ...days }),
    );
    const later = await savePromotion(
      ctx,
      promotionInput([{ productId: item!.id }], {
        name: "Подоцна",
        startsOn: "2026-12-10",
        endsOn: "2026-12-20",
      }),
    );
    const second = await savePromotion(
      ctx,
      promotionInput([{ productId: item!.id }], { name: "Втора", ...days, move: "1" }),
    );
    await savePromotion(
      ctx,
      promotionInput([{ productId: item!.id }], {
        name: "Трета",
        startsOn: "2026-12-10",
        endsOn: "2026-12-20",
        move: "1",
      }),
    );
    const now = new Date("2026-11-22T10:00:00Z");
    const states = Object.fromEntries(
      (await listPromotions(ctx, { now })).map((p) => [p.name, [p.state, p.productCount]]),
    );
    expect(states).toEqual({
      Прва: ["empty", 0],
      Подоцна: ["empty", 0],
      Втора: ["active", 1],
      Трета: ["scheduled", 1],
    });
    expect((await listPromotions(ctx, { now, state: "active" })).map((p) => p.id)).toEqual([second.id]);
    expect((await listPromotions(ctx, { now, state: "scheduled" })).map((p) => p.name)).toEqual(["Трета"]);
    expect((await listPromotions(ctx, { now, state: "empty" })).map((p) => p.id).sort()).toEqual(
      [first.id, later.id].sort(),
    );
    // Once its days are over it is simply ended.
    const after = await listPromotions(ctx, { now: new Date("2026-12-25T10:00:00Z") });
    expect(after.find((p) => p.id === first.id)?.state).toBe("ended");
  });
});
