import { z } from "zod";
import {
  AVAILABILITIES,
  NET_UNITS,
  PRODUCT_STATUSES,
  SALE_UNITS,
  VAT_RATES,
} from "~/db/schema/catalog-enums";
import { isValidEan } from "~/lib/barcode";
import { parseMoney } from "~/lib/money";
import { type NetQuantity, parseNetQuantity } from "~/lib/net-quantity";
import { isUuid } from "~/lib/uuid";

export const PRODUCT_NAME_MAX = 255;

/** A rule between a product's fields that its stored values break. */
export type ProductRuleProblem = {
  field: "regularPriceCents" | "netUnit";
  code: "regularBelowPrice" | "netUnitRequired";
};

/**
 * The rules between a product's fields, in this one place for every channel (decision 0122): the
 * form's schema below, the import's rows and the product writer, which checks a product's values
 * after a write (a new price below the regular price an update keeps is refused like a typed one).
 */
export function productRuleProblems(values: {
  priceCents: number;
  regularPriceCents: number | null;
  netQuantityMilli: number | null;
  netUnit: string | null;
}): ProductRuleProblem[] {
  const problems: ProductRuleProblem[] = [];
  if (values.regularPriceCents !== null && values.regularPriceCents < values.priceCents)
    problems.push({ field: "regularPriceCents", code: "regularBelowPrice" });
  if (values.netQuantityMilli !== null && values.netUnit === null)
    problems.push({ field: "netUnit", code: "netUnitRequired" });
  return problems;
}
export const DESCRIPTION_MAX = 5000;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "validation:tooLong")
    .prefault("")
    .transform((value) => value || null);

/** A required price from a form: decimal comma or point, not negative. */
const price = z
  .string()
  .trim()
  .min(1, "validation:required")
  .transform((value, ctx) => {
    const cents = parseMoney(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: "validation:priceInvalid" });
      return z.NEVER;
    }
    if (cents < 0) {
      ctx.addIssue({ code: "custom", message: "validation:notNegative" });
      return z.NEVER;
    }
    return cents;
  });

const optionalPrice = z.union([z.literal("").transform(() => null), price]);

/**
 * The product form and every other write path (PRODUCT.md's law fields). Inputs are the
 * strings a form posts; outputs are what the database stores.
 */
export const productSchema = z
  .object({
    name: z.string().trim().min(1, "validation:required").max(PRODUCT_NAME_MAX, "validation:tooLong"),
    description: optionalText(DESCRIPTION_MAX),
    // Decision 0074: the Albanian name and description, optional, with the Macedonian ones' limits. The
    // service stores them only when the store has Albanian content enabled (decision 0074).
    nameSq: optionalText(PRODUCT_NAME_MAX),
    descriptionSq: optionalText(DESCRIPTION_MAX),
    price,
    regularPrice: optionalPrice.prefault(""),
    vatRate: z.enum(VAT_RATES, "validation:vatInvalid"),
    unit: z.enum(SALE_UNITS, "validation:unitInvalid"),
    // "500 г" or "500" with the unit chosen beside it (decision 0031); a typed unit wins.
    netQuantity: z
      .string()
      .trim()
      .default("")
      .transform((value, ctx): NetQuantity | null => {
        if (!value) return null;
        const parsed = parseNetQuantity(value);
        if ("error" in parsed || parsed.milli <= 0) {
          const unknownUnit = "error" in parsed && parsed.error === "unit";
          ctx.addIssue({
            code: "custom",
            message: unknownUnit ? "validation:netUnitUnknown" : "validation:quantityInvalid",
          });
          return z.NEVER;
        }
        return parsed;
      }),
    netUnit: z
      .union([z.literal("").transform(() => null), z.enum(NET_UNITS, "validation:unitInvalid")])
      .prefault(""),
    quantity: z
      .string()
      .trim()
      .default("0")
      .transform((value, ctx) => {
        const normalized = value === "" ? "0" : value;
        if (!/^-?\d{1,9}$/.test(normalized)) {
          ctx.addIssue({ code: "custom", message: "validation:wholeNumber" });
          return z.NEVER;
        }
        const quantity = Number(normalized);
        if (quantity < 0) {
          ctx.addIssue({ code: "custom", message: "validation:notNegative" });
          return z.NEVER;
        }
        return quantity;
      }),
    availability: z.enum(AVAILABILITIES, "validation:availabilityInvalid"),
    barcode: z
      .string()
      .trim()
      .default("")
      .refine((value) => value === "" || isValidEan(value), "validation:barcodeInvalid")
      .transform((value) => value || null),
    status: z.enum(PRODUCT_STATUSES, "validation:statusInvalid"),
    categoryId: z
      .string()
      .trim()
      .default("")
      .transform((value) => value || null),
    // An entry of the shared library chosen on the new-product form (an upload wins).
    libraryImageId: z
      .string()
      .trim()
      .default("")
      .refine((value) => value === "" || isUuid(value), "errors:imageAssignFailed")
      .transform((value) => value || null),
    // The storage key of an image uploaded through /api/images; the service checks it is this store's.
    imageKey: z
      .string()
      .trim()
      .max(200, "validation:tooLong")
      .default("")
      .transform((value) => value || null),
  })
  .superRefine((product, ctx) => {
    const problems = productRuleProblems({
      priceCents: product.price,
      regularPriceCents: product.regularPrice,
      netQuantityMilli: product.netQuantity?.milli ?? null,
      netUnit: product.netQuantity?.unit ?? product.netUnit,
    });
    for (const problem of problems) {
      const path = problem.field === "netUnit" ? "netUnit" : "regularPrice";
      ctx.addIssue({ code: "custom", path: [path], message: `validation:${problem.code}` });
    }
  })
  .transform(({ netQuantity, netUnit, ...product }) => ({
    ...product,
    netQuantity: netQuantity?.milli ?? null,
    netUnit: netQuantity?.unit ?? netUnit,
  }));

export type ProductFormInput = z.input<typeof productSchema>;
export type ProductInput = z.output<typeof productSchema>;
