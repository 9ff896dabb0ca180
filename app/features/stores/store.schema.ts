import { z } from "zod";
import { parseMkPhone } from "~/lib/phone";
import { usernameProblem } from "~/lib/slug";

export const STORE_NAME_MAX = 100;
export const COMPANY_NAME_MAX = 255;
export const TAX_NUMBER_LENGTH = 13;

/**
 * The company's tax number (ЕДБ): 13 digits. Optional; spaces are dropped and the "MK" of the VAT
 * form (MK4030…) is accepted and removed, so the number is stored as the 13 digits alone.
 */
export const taxNumberSchema = z
  .string()
  .default("")
  .transform((value, ctx) => {
    const compact = value.replace(/\s+/g, "").replace(/^mk/i, "");
    if (compact === "") return null;
    if (!/^\d+$/.test(compact)) {
      ctx.addIssue({ code: "custom", message: "validation:taxNumberDigits" });
      return z.NEVER;
    }
    if (compact.length !== TAX_NUMBER_LENGTH) {
      ctx.addIssue({ code: "custom", message: "validation:taxNumberLength" });
      return z.NEVER;
    }
    return compact;
  });
export const PHONE_MAX = 30;

export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = usernameProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: `validation:username.${problem}` });
  });

/** Onboarding: the first things a store needs. */
export const onboardingSchema = z.object({
  storeName: z.string().trim().min(1, "validation:required").max(STORE_NAME_MAX, "validation:tooLong"),
  username: usernameSchema,
  phone: z
    .string()
    .trim()
    .min(1, "validation:required")
    .max(PHONE_MAX, "validation:tooLong")
    .transform((value, ctx) => {
      const phone = parseMkPhone(value);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: "validation:phoneInvalid" });
        return z.NEVER;
      }
      return phone.e164;
    }),
  phonePublic: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
  companyName: z.string().trim().min(1, "validation:required").max(COMPANY_NAME_MAX, "validation:tooLong"),
});

export type OnboardingInput = z.output<typeof onboardingSchema>;

// The stepped onboarding and the settings screens share these pieces.
const phoneField = onboardingSchema.shape.phone;
const phonePublicField = onboardingSchema.shape.phonePublic;

export const storeNameStepSchema = z.object({
  storeName: onboardingSchema.shape.storeName,
  username: usernameSchema,
});

export const phoneStepSchema = z.object({ phone: phoneField, phonePublic: phonePublicField });

/**
 * Company step: the address is the signed suggestion the owner picked (verified on the server)
 * plus the street and number; a typed settlement without a pick is refused, so every stored
 * settlement is a known place.
 */
export const companyStepSchema = z.object({
  companyName: onboardingSchema.shape.companyName,
  taxNumber: taxNumberSchema,
  addressSuggestion: z.string().trim().min(1, "validation:addressFromSuggestions").max(4000),
  street: z.string().trim().min(1, "validation:streetRequired").max(200, "validation:tooLong"),
  logoKey: z
    .string()
    .trim()
    .max(200)
    .default("")
    .transform((value) => value || null),
});

/** Settings → store: everything onboarding asked, on one form. */
export const storeProfileSchema = storeNameStepSchema
  .extend(phoneStepSchema.shape)
  .extend(companyStepSchema.shape);
export type StoreProfileInput = z.output<typeof storeProfileSchema>;

/** Onboarding has five steps (decision 0014). */
export const ONBOARDING_STEPS = 5;

/** Step 4: a few products quickly — a name and a price per row; empty rows are ignored. */
export const QUICK_PRODUCT_ROWS = 5;
