import { z } from "zod";
import { AVAILABILITIES } from "~/db/schema/catalog-enums";
import { hoursSchema } from "~/features/stores/hours.schema";
import { PHONE_MAX } from "~/features/stores/store.schema";
import { parseMoney } from "~/lib/money";
import { parseMkPhone } from "~/lib/phone";
import { POINT_OF_SALE_SLUG_MAX, slugProblem } from "./point-of-sale-slug";

// A point of sale's form (settings → points of sale) and a product's override there.

export const POINT_OF_SALE_NAME_MAX = 100;
/** A store with more shops than this is a case for the API, not a settings list (KAM has about 90). */
export const MAX_POINTS_OF_SALE = 200;

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = slugProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: `validation:pointOfSaleSlug.${problem}` });
  });

const optionalPhone = z
  .string()
  .trim()
  .max(PHONE_MAX, "validation:tooLong")
  .default("")
  .transform((value, ctx) => {
    if (value === "") return null;
    const phone = parseMkPhone(value);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: "validation:phoneInvalid" });
      return z.NEVER;
    }
    return phone.e164;
  });

/** The form: the address is the signed suggestion picked plus the street (as the store's). */
export const pointOfSaleFormSchema = z.object({
  name: z.string().trim().min(1, "validation:required").max(POINT_OF_SALE_NAME_MAX, "validation:tooLong"),
  // Empty: derived from the name when the point of sale is created; its address stays stable after.
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(POINT_OF_SALE_SLUG_MAX + 20, "validation:tooLong")
    .default(""),
  addressSuggestion: z.string().trim().min(1, "validation:addressFromSuggestions").max(4000),
  street: z.string().trim().min(1, "validation:streetRequired").max(200, "validation:tooLong"),
  phone: optionalPhone,
});
export type PointOfSaleFormInput = z.output<typeof pointOfSaleFormSchema>;

export const pointOfSaleHoursSchema = hoursSchema;

/** A product's override at a point of sale: empty fields follow the store. */
export const overrideFormSchema = z.object({
  pointOfSaleId: z.string().trim().max(64),
  price: z
    .string()
    .trim()
    .max(20, "validation:tooLong")
    .default("")
    .transform((value, ctx) => {
      if (value === "") return null;
      const cents = parseMoney(value);
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: "custom", message: "validation:priceInvalid" });
        return z.NEVER;
      }
      return cents;
    }),
  availability: z
    .union([z.literal(""), z.enum(AVAILABILITIES)])
    .default("")
    .transform((value) => (value === "" ? null : value)),
  excluded: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
});
export type OverrideFormInput = z.output<typeof overrideFormSchema>;
