import { z } from "zod";
import { isValidDay } from "~/lib/calendar";
import { parseMoney } from "~/lib/money";
import { isUuid } from "~/lib/uuid";
import {
  DISCOUNT_TYPES,
  type DiscountType,
  PROMOTION_TYPES,
  type PromotionType,
} from "./promotion-constants";

// The promotion form and every other write path (the import, the API). Inputs are the strings a form
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

/**
 * Where a new first day may fall (decision 0094): not before today in Skopje, since a
 * day already shown at the regular price cannot become promotional on the record. `keptStart` is
 * the first day of a promotion that has already run, which an edit keeps (decision 0089).
 */
export type StartRule = { today: string; keptStart?: string | null };

/** A promotion's details as every writer holds them once read (the form, the import). */
export type PromotionDetailValues = {
  type: PromotionType;
  discountType: DiscountType;
  discountValue: number;
  startsOn: string;
  endsOn: string;
};

export type PromotionIssue = { path: "type" | "value" | "startsOn" | "endsOn"; message: string };

/**
 * The rules on a promotion's details, the one place the form's schema and the import
 * read them: days in range, a value of at least 1 and a percentage of at most 100, the end not
 * before the start, the seasonal windows, and (given a StartRule) no first day before today.
 */
export function promotionIssues(details: PromotionDetailValues, rule?: StartRule): PromotionIssue[] {
  const issues: PromotionIssue[] = [];
  for (const path of ["startsOn", "endsOn"] as const) {
    const value = details[path];
    if (!isValidDay(value)) issues.push({ path, message: "validation:dateInvalid" });
    else if (value < PROMOTION_FIRST_DAY || value > PROMOTION_LAST_DAY)
      issues.push({ path, message: "validation:dateOutOfRange" });
  }
  if (details.discountValue < 100) issues.push({ path: "value", message: "validation:promotionValueMin" });
  else if (details.discountType === "percentage" && details.discountValue > 10_000)
    issues.push({ path: "value", message: "validation:percentMax" });
  if (issues.some((issue) => issue.path !== "value")) return issues;
  if (rule && details.startsOn < rule.today && details.startsOn !== rule.keptStart)
    issues.push({ path: "startsOn", message: "validation:startsBeforeToday" });
  if (details.endsOn < details.startsOn)
    issues.push({ path: "endsOn", message: "validation:endBeforeStart" });
  else if (details.type === "seasonal" && !inSeasonalWindow(details.startsOn, details.endsOn))
    issues.push({ path: "type", message: "validation:seasonalWindow" });
  return issues;
}

/**
 * The Details step: name, the law's type, the discount and the days. With a StartRule
 * (every server path that saves, and the wizard, which gets today from the server) the first day
 * cannot be before today.
 */
export function promotionDetailsSchemaFor(rule?: StartRule) {
  return z
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
      // The fields' own messages (a missing or malformed day, out of range) are already there.
      for (const issue of promotionIssues({ ...input, discountValue: input.value }, rule))
        if (issue.message !== "validation:dateInvalid" && issue.message !== "validation:dateOutOfRange")
          ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
    })
    .transform(({ value, ...rest }) => ({ ...rest, discountValue: value }));
}

/** The Details step without the day: what a test or a read of stored details checks. */
export const promotionDetailsSchema = promotionDetailsSchemaFor();

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

/**
 * The whole wizard: details, products, and "move them from their current promotion" (a product is
 * in one active promotion at most).
 */
export function promotionSchemaFor(rule?: StartRule) {
  return z
    .object({ products: promotionProductsSchema, move: z.string().default("") })
    .and(promotionDetailsSchemaFor(rule))
    .transform(({ move, ...rest }) => ({ ...rest, move: move === "1" }));
}

export const promotionSchema = promotionSchemaFor();

export type PromotionInput = z.output<typeof promotionSchema>;
