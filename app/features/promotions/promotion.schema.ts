import { z } from "zod";
import { isValidDay } from "~/features/confirmation/calendar";
import { parseMoney } from "~/lib/money";
import { isUuid } from "~/lib/uuid";
import { DISCOUNT_TYPES, PROMOTION_TYPES } from "./promotion-constants";

// The promotion form and every other write path (spec §5, issue 15). Inputs are the strings a form
// posts; outputs are what the database stores. Messages are i18n keys.

export const PROMOTION_NAME_MAX = 255;
/** Products one promotion may carry: far above a shop's promotion, low enough for one request. */
export const PROMOTION_PRODUCTS_MAX = 5_000;

/**
 * Seasonal reductions only in the legal windows: 25 August – 25 September and 25 December –
 * 25 January (the Rulebook of член 15-а). True when both days fall in one window.
 */
export function inSeasonalWindow(startsOn: string, endsOn: string): boolean {
  const year = Number(startsOn.slice(0, 4));
  const windows = [
    [`${year}-08-25`, `${year}-09-25`],
    [`${year}-12-25`, `${year + 1}-01-25`],
    [`${year - 1}-12-25`, `${year}-01-25`],
  ];
  return windows.some(([from, to]) => startsOn >= from! && endsOn <= to!);
}

/**
 * A promotion's days lie in this century: a year 0 day broke the save ('Failed to save promotion'),
 * and a promotion of the year 1 or 9999 is a typing slip that would hold its products for ever.
 */
export const PROMOTION_FIRST_DAY = "2000-01-01";
export const PROMOTION_LAST_DAY = "2099-12-31";

const day = z
  .string()
  .trim()
  .min(1, "validation:required")
  .refine((value) => isValidDay(value), "validation:dateInvalid")
  .refine(
    (value) => value >= PROMOTION_FIRST_DAY && value <= PROMOTION_LAST_DAY,
    "validation:dateOutOfRange",
  );

/** The Details step (spec §5): name, the law's type, the discount and the days. */
export const promotionDetailsSchema = z
  .object({
    name: z.string().trim().min(1, "validation:required").max(PROMOTION_NAME_MAX, "validation:tooLong"),
    type: z.enum(PROMOTION_TYPES, "validation:choiceInvalid"),
    discountType: z.enum(DISCOUNT_TYPES, "validation:choiceInvalid"),
    // Numeric, at least 1; stored in hundredths (12,5 % is 1250).
    value: z
      .string()
      .trim()
      .min(1, "validation:required")
      .transform((value, ctx) => {
        const hundredths = parseMoney(value);
        if (hundredths === null) {
          ctx.addIssue({ code: "custom", message: "validation:numberInvalid" });
          return z.NEVER;
        }
        if (hundredths < 100) {
          ctx.addIssue({ code: "custom", message: "validation:promotionValueMin" });
          return z.NEVER;
        }
        return hundredths;
      }),
    startsOn: day,
    endsOn: day,
  })
  .superRefine((input, ctx) => {
    if (input.discountType === "percentage" && input.value > 10_000)
      ctx.addIssue({ code: "custom", path: ["value"], message: "validation:percentMax" });
    if (input.endsOn < input.startsOn)
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: "validation:endBeforeStart" });
    else if (input.type === "seasonal" && !inSeasonalWindow(input.startsOn, input.endsOn))
      ctx.addIssue({ code: "custom", path: ["type"], message: "validation:seasonalWindow" });
  })
  .transform(({ value, ...rest }) => ({ ...rest, discountValue: value }));

export type PromotionDetails = z.output<typeof promotionDetailsSchema>;

/** One chosen product and its optional custom price, as the wizard posts it. */
const chosenProduct = z
  .object({
    productId: z.string().refine(isUuid, "validation:invalid"),
    customPrice: z
      .string()
      .trim()
      .default("")
      .transform((value, ctx) => {
        if (!value) return null;
        const cents = parseMoney(value);
        if (cents === null || cents <= 0) {
          ctx.addIssue({ code: "custom", message: "validation:priceInvalid" });
          return z.NEVER;
        }
        return cents;
      }),
  })
  .transform(({ productId, customPrice }) => ({ productId, customPriceCents: customPrice }));

/** The Products step: the selection, posted as JSON in one field ("products"). */
export const promotionProductsSchema = z
  .string()
  .default("[]")
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "validation:invalid" });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(chosenProduct)
      .min(1, "errors:promotionProductsRequired")
      .max(PROMOTION_PRODUCTS_MAX, "validation:tooMany")
      // The wizard posts each product once; a repeat (with two custom prices) is not the owner's choice.
      .refine(
        (chosen) => new Set(chosen.map((row) => row.productId)).size === chosen.length,
        "validation:invalid",
      ),
  );

export type ChosenProduct = z.output<typeof promotionProductsSchema>[number];

/** The whole wizard: details, products, and "move them from their current promotion" (spec §4). */
export const promotionSchema = z
  .object({ products: promotionProductsSchema, move: z.string().default("") })
  .and(promotionDetailsSchema)
  .transform(({ move, ...rest }) => ({ ...rest, move: move === "1" }));

export type PromotionInput = z.output<typeof promotionSchema>;
