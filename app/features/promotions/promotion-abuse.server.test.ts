import { describe, expect, it } from "vitest";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { isAppError } from "~/lib/app-error";
import { addDays, skopjeInstant } from "~/lib/calendar";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { pricesInEffect } from "./price-in-effect.server";
import { promotionSchema } from "./promotion.schema";
import { getPromotion, listPromotions, savePromotion } from "./promotion.server";
import { promotionInput } from "./promotion.test-support";
import { setPromotionActive } from "./promotion-activation.server";

// Promotions as an attacker and a newcomer would try them — junk and huge input, a
// custom price equal to the price, parallel activations, the seasonal windows' edges in Skopje.

const database = databaseForThisFile();

const messages = (values: Record<string, string>) =>
  promotionSchema
    .safeParse({
      name: "Акција",
      type: "sales_action",
      discountType: "percentage",
      value: "10",
      startsOn: "2026-12-01",
      endsOn: "2026-12-07",
      products: JSON.stringify([{ productId: "00000000-0000-4000-8000-000000000001" }]),
      ...values,
    })
    .error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

describe("junk and huge input", () => {
  it("refuses days outside 2000–2099 with a message, not 'Failed to save promotion'", () => {
    // Year 0 passed the form and broke the save; years 1 and 9999 were saved.
    expect(messages({ startsOn: "0000-01-01", endsOn: "0000-01-05" })).toEqual([
      "startsOn: validation:dateOutOfRange",
      "endsOn: validation:dateOutOfRange",
    ]);
    expect(messages({ startsOn: "0001-01-01" })).toEqual(["startsOn: validation:dateOutOfRange"]);
    expect(messages({ endsOn: "9999-12-31" })).toEqual(["endsOn: validation:dateOutOfRange"]);
    expect(messages({ startsOn: "2000-01-01", endsOn: "2099-12-31" })).toEqual([]);
    for (const junk of ["2026-02-30", "2026-2-1", "01.12.2026", "2026-12-01T00:00", "x", "   "])
      expect(messages({ startsOn: junk })[0]).toMatch(/^startsOn: validation:(dateInvalid|required)$/);
  });

  it("refuses huge values and prices, and a product posted twice", () => {
    expect(messages({ discountType: "fixed", value: "99999999999999999999999" })).toEqual([
      "value: validation:numberInvalid",
    ]);
    expect(messages({ value: "100,01" })).toEqual(["value: validation:percentMax"]);
    expect(messages({ value: "-10" })).toEqual(["value: validation:promotionValueMin"]);
    const id = "00000000-0000-4000-8000-000000000001";
    expect(messages({ products: JSON.stringify([{ productId: id, customPrice: "9".repeat(30) }]) })).toEqual([
      "products.0.customPrice: validation:priceInvalid",
    ]);
    expect(
      messages({ products: JSON.stringify([{ productId: id }, { productId: id, customPrice: "1" }]) }),
    ).toEqual(["products: validation:invalid"]);
    expect(messages({ name: "А".repeat(256) })).toEqual(["name: validation:tooLong"]);
  });

  it("refuses a custom price equal to the price, and one a cent below is a promotion", async () => {
    const { ctx } = await createTestStore(database);
    const item = await createProduct(ctx, productInput({ name: "Кафе", price: "1200" }));
    const equal = promotionInput([{ productId: item.id, customPrice: "1.200,00" }]);
    await expect(savePromotion(ctx, equal)).rejects.toMatchObject({ code: "customPriceTooHigh" });
    expect(await listPromotions(ctx)).toEqual([]);
    const below = await savePromotion(ctx, promotionInput([{ productId: item.id, customPrice: "1199,99" }]));
    expect((await getPromotion(ctx, below.id)).products[0]?.customPriceCents).toBe(119_999);
  });
});

describe("parallel activations", () => {
  it("activates only one of two promotions holding the same products on the same days", async () => {
    const { ctx } = await createTestStore(database);
    const chosen = [];
    for (let n = 0; n < 12; n++)
      chosen.push({
        productId: (await createProduct(ctx, productInput({ name: `П${n}`, price: "300" }))).id,
      });
    // Inactive promotions may share products; activating both at once must not. Written in
    // opposite orders, so that on PostgreSQL the two activations lock the products crosswise.
    // On a day before they start (decision 0093: one whose first day passed cannot be activated).
    const before = new Date("2026-11-01T10:00:00Z");
    const a = await savePromotion(ctx, promotionInput(chosen, { name: "А" }));
    await setPromotionActive(ctx, a.id, false, before);
    const b = await savePromotion(ctx, promotionInput([...chosen].reverse(), { name: "Б" }));
    await setPromotionActive(ctx, b.id, false, before);
    const answers = await Promise.allSettled([
      setPromotionActive(ctx, a.id, true, before),
      setPromotionActive(ctx, b.id, true, before),
    ]);
    const refused = answers.filter((answer) => answer.status === "rejected");
    expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(1);
    expect(refused.map((answer) => isAppError(answer.reason) && answer.reason.code)).toEqual([
      "promotionProductTaken",
    ]);
    expect((await listPromotions(ctx, { now: before })).map((row) => row.state).sort()).toEqual([
      "inactive",
      "scheduled",
    ]);
  });
});

describe("the seasonal windows' edges, in Skopje days", () => {
  it("accepts 25 Aug–25 Sep and 25 Dec–25 Jan, refuses a day beyond, and runs from 00:00 to 24:00 Skopje", async () => {
    expect(messages({ type: "seasonal", startsOn: "2026-08-25", endsOn: "2026-09-25" })).toEqual([]);
    expect(messages({ type: "seasonal", startsOn: "2026-12-25", endsOn: "2027-01-25" })).toEqual([]);
    for (const [startsOn, endsOn] of [
      ["2026-08-24", "2026-09-25"],
      ["2026-08-25", "2026-09-26"],
      ["2026-12-24", "2027-01-25"],
      ["2026-12-25", "2027-01-26"],
      ["2026-08-25", "2027-01-25"],
    ])
      expect(messages({ type: "seasonal", startsOn: startsOn!, endsOn: endsOn! })).toEqual([
        "type: validation:seasonalWindow",
      ]);
    const { ctx } = await createTestStore(database);
    const item = await createProduct(ctx, productInput({ name: "Јакна", price: "3000" }));
    const coat = await createProduct(ctx, productInput({ name: "Капа", price: "500" }));
    await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], {
        type: "seasonal",
        startsOn: "2026-08-25",
        endsOn: "2026-09-25",
      }),
    );
    await savePromotion(
      ctx,
      promotionInput([{ productId: coat.id }], {
        type: "seasonal",
        startsOn: "2026-12-25",
        endsOn: "2027-01-25",
      }),
    );
    const at = async (id: string, day: string, hour: number, minute: number) =>
      (await pricesInEffect(ctx.db, ctx.storeId, [id], skopjeInstant(day, hour, minute))).get(id)!.priceCents;
    // Summer time (UTC+2) in August and September, winter time (UTC+1) in December and January.
    expect([
      await at(item.id, "2026-08-24", 23, 59),
      await at(item.id, "2026-08-25", 0, 0),
      await at(item.id, "2026-09-25", 23, 59),
      await at(item.id, addDays("2026-09-25", 1), 0, 0),
      await at(coat.id, "2026-12-24", 23, 59),
      await at(coat.id, "2026-12-25", 0, 0),
      await at(coat.id, "2027-01-25", 23, 59),
      await at(coat.id, "2027-01-26", 0, 0),
    ]).toEqual([300_000, 270_000, 270_000, 300_000, 50_000, 45_000, 45_000, 50_000]);
  });
});

describe("an edit of a promotion that has started (decision 0089)", () => {
  it("cannot rewrite the prices of the days it has run, but may add products and move its end", async () => {
    const { ctx } = await createTestStore(database);
    const item = await createProduct(ctx, productInput({ name: "Чоколадо", price: "200" }));
    const other = await createProduct(ctx, productInput({ name: "Бонбони", price: "100" }));
    const days = { name: "Јуни", startsOn: "2026-06-01", endsOn: "2026-06-20" };
    const june = await savePromotion(ctx, promotionInput([{ productId: item.id }], days), {
      now: skopjeInstant("2026-05-25", 10, 0),
    });
    const on10June = { id: june.id, now: skopjeInstant("2026-06-10", 8, 0) };
    const price = async (day: string) =>
      (await pricesInEffect(ctx.db, ctx.storeId, [item.id], skopjeInstant(day, 12, 0))).get(item.id)!
        .priceCents;
    const attempts: [string, Record<string, string>][] = [
      ["discount", { value: "30" }],
      ["discount type", { discountType: "fixed", value: "20" }],
      ["type", { type: "clearance" }],
      ["first day", { startsOn: "2026-06-05" }],
      ["end before yesterday", { endsOn: "2026-06-05" }],
    ];
    const answers = [];
    for (const [label, change] of attempts) {
      const input = promotionInput([{ productId: item.id }], { ...days, ...change });
      answers.push([
        label,
        await savePromotion(ctx, input, on10June).then(
          () => "saved",
          (error) => error.code,
        ),
      ]);
    }
    expect(answers).toEqual(attempts.map(([label]) => [label, "promotionStartedFixed"]));
    expect(await price("2026-06-05")).toBe(18_000);
    // Products and a later (or earlier, from yesterday on) end are the owner's to change.
    const longer = { ...days, endsOn: "2026-06-25" };
    await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }, { productId: other.id }], longer),
      on10June,
    );
    await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], { ...days, endsOn: "2026-06-09" }),
      on10June,
    );
    expect([await price("2026-06-05"), await price("2026-06-12")]).toEqual([18_000, 20_000]);
  });
});
