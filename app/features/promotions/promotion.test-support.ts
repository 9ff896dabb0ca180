import { promotionSchema } from "./promotion.schema";

/** A valid wizard submission for service tests, as the form would post it; overrides change any field. */
export const promotionInput = (
  products: { productId: string; customPrice?: string }[],
  overrides: Record<string, string> = {},
) =>
  promotionSchema.parse({
    name: "Викенд акција",
    type: "sales_action",
    discountType: "percentage",
    value: "10",
    startsOn: "2026-12-01",
    endsOn: "2026-12-07",
    products: JSON.stringify(products),
    ...overrides,
  });
