import { z } from "zod";
import { emailSchema } from "~/auth/auth.schema";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "validation:tooLong")
    .optional()
    .transform((value) => value || null);

/**
 * What a sender of the landing page's form wants (spec §1: "partner dashboards for agencies
 * (contact only); POS integration planned"); the first is the form's default.
 */
export const WAITLIST_INTERESTS = ["pos", "agency", "shop", "other"] as const;
export type WaitlistInterest = (typeof WAITLIST_INTERESTS)[number];

// The landing page's waitlist form (issues 16, 17): an address is required; the rest helps the follow-up.
export const waitlistSchema = z.object({
  email: emailSchema.pipe(z.string().max(254, "validation:tooLong")),
  name: optionalText(120),
  storeName: optionalText(255),
  interest: z
    .preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(WAITLIST_INTERESTS, { message: "validation:choiceInvalid" }).optional(),
    )
    .transform((value) => value ?? null),
  city: optionalText(120),
  phone: optionalText(40),
  source: optionalText(40),
});

export type WaitlistInput = z.input<typeof waitlistSchema>;
