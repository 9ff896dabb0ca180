import { z } from "zod";
import { emailSchema, otpSchema } from "~/auth/auth.schema";
import { PASSWORD_MAX } from "~/auth/password-policy";
import { LOCALES } from "~/i18n/config";

export const localeFormSchema = z.object({ locale: z.enum(LOCALES, "validation:required") });

// A common name is required, at most 255 characters.
export const nameFormSchema = z.object({
  name: z.string().trim().min(1, "validation:required").max(255, "validation:tooLong"),
});

/** Step one of an address change: the new address, and the current password when there is one. */
export const emailChangeSchema = z.object({
  newEmail: emailSchema,
  currentPassword: z.string().max(PASSWORD_MAX, "validation:passwordTooLong").optional(),
});

/** Step two: the code that went to the new address, which proves the owner holds it. */
export const emailCodeSchema = z.object({ newEmail: emailSchema, otp: otpSchema });

export const unlinkSchema = z.object({ accountId: z.string().min(1, "validation:required").max(100) });

export const passkeyNameSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().trim().min(1, "validation:required").max(100, "validation:tooLong"),
});

export const passkeyIdSchema = z.object({ id: z.string().min(1).max(100) });
