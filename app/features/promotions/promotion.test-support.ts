import { addDays, skopjeDay } from "~/lib/calendar";
import { promotionSchema } from "./promotion.schema";

/**
 * A day counted from the default promotion's first day (`upcoming(0)`), which is eight days after
 * today in Europe/Skopje by the real clock: the default promotion has not started whatever the date
 * the tests run on (decision 0094: no promotion starts before today), and the days a test sets
 * beside it keep their place relative to it. `upcoming(0)`–`upcoming(6)` are the default's days.
 */
export const upcoming = (offset: number) => addDays(skopjeDay(new Date()), 8 + offset);

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
    startsOn: upcoming(0),
    endsOn: upcoming(6),
    products: JSON.stringify(products),
    ...overrides,
  });
