import { z } from "zod";
import { PAYABLE_PLAN_IDS, PAYMENT_METHODS } from "./plans";

// What the payment pages post. Messages are i18n keys (decision 0031).

export const choosePlanSchema = z.object({
  plan: z.enum(PAYABLE_PLAN_IDS, { error: "validation:choiceInvalid" }),
  method: z.enum(PAYMENT_METHODS, { error: "validation:choiceInvalid" }),
});

export const customPlanSchema = z.object({
  message: z
    .string({ error: "validation:required" })
    .trim()
    .min(10, { error: "validation:tooShort" })
    .max(2000, { error: "validation:tooLong" }),
  phone: z
    .string()
    .trim()
    .max(40, { error: "validation:tooLong" })
    .optional()
    .transform((value) => value || null),
});

export type CustomPlanInput = z.output<typeof customPlanSchema>;
