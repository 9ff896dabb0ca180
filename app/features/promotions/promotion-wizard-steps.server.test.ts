import { describe, expect, it } from "vitest";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { addDays } from "~/lib/calendar";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { restoreWizard } from "./components/wizard-state";
import { promotionDay } from "./price-in-effect.server";
import { promotionSchemaFor } from "./promotion.schema";
import { listPromotions, savePromotion } from "./promotion.server";
import { promotionInput } from "./promotion.test-support";
import { promotionSaveAction } from "./promotion-action.server";

// Without JavaScript the page is drawn from the action's answer alone (decision 0065).

const database = databaseForThisFile();

const wizardPost = (fields: Record<string, string | string[]>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  return form;
};

describe("the promotion wizard posted without JavaScript", () => {
  it("draws the move question on the review with the prior prices, not 'loading' for ever", async () => {
    const { ctx } = await createTestStore(database);
    const coffee = await createProduct(ctx, productInput({ name: "Кафе", price: "300" }));
    // Days from next week: the save refuses a first day before today (decision 0094).
    const days = { startsOn: addDays(promotionDay(), 7), endsOn: addDays(promotionDay(), 13) };
    await savePromotion(ctx, promotionInput([{ productId: coffee.id }], { name: "Прва", ...days }));
    const answer = await promotionSaveAction(
      ctx,
      wizardPost({
        name: "Втора",
        type: "sales_action",
        discountType: "percentage",
        value: "20",
        ...days,
        product: coffee.id,
        [`custom:${coffee.id}`]: "",
      }),
      { locale: "mk" },
    );
    const body = (answer as { data: unknown }).data;
    expect(body).toMatchObject({
      ok: false,
      intent: "review",
      errors: { form: "errors:promotionMoveConfirm" },
    });
    const restored = restoreWizard(body, {
      name: "",
      type: "sales_action",
      discountType: "percentage",
      value: "",
      ...days,
    });
    expect(restored).toMatchObject({
      step: "review",
      details: { name: "Втора", value: "20" },
      selection: { [coffee.id]: "" },
      priorPrices: { [coffee.id]: 30_000 },
    });
  });

  it("refuses a first day before today beside the date field, on the details step and on the save", async () => {
    // Decision 0094: a new promotion could start in the past and rewrite days already shown.
    const { ctx } = await createTestStore(database);
    const coffee = await createProduct(ctx, productInput({ name: "Кафе", price: "300" }));
    const today = promotionDay();
    const details = {
      name: "Вчера",
      type: "sales_action",
      discountType: "percentage",
      value: "20",
      startsOn: addDays(today, -1),
      endsOn: addDays(today, 6),
      product: coffee.id,
      [`custom:${coffee.id}`]: "",
    };
    const toProducts = await promotionSaveAction(ctx, wizardPost({ ...details, step: "products" }), {
      locale: "mk",
    });
    expect((toProducts as { data: unknown }).data).toMatchObject({
      ok: false,
      intent: "details",
      errors: { startsOn: "validation:startsBeforeToday" },
    });
    const save = await promotionSaveAction(ctx, wizardPost(details), { locale: "mk" });
    expect((save as { data: unknown }).data).toMatchObject({
      ok: false,
      errors: { startsOn: "validation:startsBeforeToday" },
    });
    expect(await listPromotions(ctx)).toEqual([]);
    // Today is a first day.
    const saved = await promotionSaveAction(ctx, wizardPost({ ...details, startsOn: today }), {
      locale: "mk",
    });
    expect(saved).toBeInstanceOf(Response);
  });

  it("keeps the first day of a promotion that has run, and holds a not-started one's edit to today", () => {
    const rule = { today: "2026-06-10" };
    const issues = (startsOn: string, keptStart?: string) =>
      promotionSchemaFor({ ...rule, keptStart })
        .safeParse({
          name: "Акција",
          type: "sales_action",
          discountType: "percentage",
          value: "10",
          startsOn,
          endsOn: "2026-06-20",
          products: JSON.stringify([{ productId: "00000000-0000-4000-8000-000000000001" }]),
        })
        .error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];
    expect(issues("2026-06-09")).toEqual(["startsOn: validation:startsBeforeToday"]);
    expect(issues("2026-06-10")).toEqual([]);
    expect(issues("2026-06-01", "2026-06-01")).toEqual([]);
    expect(issues("2026-06-02", "2026-06-01")).toEqual(["startsOn: validation:startsBeforeToday"]);
  });
});
