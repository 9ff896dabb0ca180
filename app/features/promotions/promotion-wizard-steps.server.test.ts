import { describe, expect, it } from "vitest";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { restoreWizard } from "./components/wizard-state";
import { savePromotion } from "./promotion.server";
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
    await savePromotion(ctx, promotionInput([{ productId: coffee.id }], { name: "Прва" }));
    const answer = await promotionSaveAction(
      ctx,
      wizardPost({
        name: "Втора",
        type: "sales_action",
        discountType: "percentage",
        value: "20",
        startsOn: "2026-12-01",
        endsOn: "2026-12-07",
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
      startsOn: "2026-12-01",
      endsOn: "2026-12-07",
    });
    expect(restored).toMatchObject({
      step: "review",
      details: { name: "Втора", value: "20" },
      selection: { [coffee.id]: "" },
      priorPrices: { [coffee.id]: 30_000 },
    });
  });
});
