import { z } from "zod";
import { parseMkPhone } from "~/lib/phone";
import { usernameProblem } from "~/lib/slug";

export const STORE_NAME_MAX = 100;

export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = usernameProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: `validation:username.${problem}` });
  });

/** Onboarding: the first things a store needs (spec §2, §5). */
export const onboardingSchema = z.object({
  storeName: z.string().trim().min(1, "validation:required").max(STORE_NAME_MAX, "validation:tooLong"),
  username: usernameSchema,
  phone: z
    .string()
    .trim()
    .min(1, "validation:required")
    .max(30, "validation:tooLong")
    .transform((value, ctx) => {
      const phone = parseMkPhone(value);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: "validation:phoneInvalid" });
        return z.NEVER;
      }
      return phone.e164;
    }),
  phonePublic: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
  companyName: z.string().trim().min(1, "validation:required").max(255, "validation:tooLong"),
});

export type OnboardingInput = z.output<typeof onboardingSchema>;
