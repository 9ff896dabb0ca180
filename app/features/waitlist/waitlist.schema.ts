import { z } from "zod";
import { emailSchema } from "~/auth/auth.schema";
import { WAITLIST_INTERESTS } from "./waitlist-interests";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "validation:tooLong")
    .optional()
    .transform((value) => value || null);

// The landing page's waitlist form: an address is required; the rest helps the follow-up.
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
