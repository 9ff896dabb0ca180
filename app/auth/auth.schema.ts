import { z } from "zod";
import { newPasswordSchema, PASSWORD_MAX } from "./password-policy";

export { PASSWORD_MAX, PASSWORD_MIN } from "./password-policy";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "validation:required")
  .pipe(z.email("validation:emailInvalid"));

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "validation:required").max(PASSWORD_MAX, "validation:passwordTooLong"),
});

// A password at least 8 characters and equal to its confirmation; e-mail required and valid.
export const registerSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, "validation:required"),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation:passwordMismatch",
  });

/** A one-time code is 6 digits. */
export const otpSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "validation:otpInvalid");

export const emailOnlySchema = z.object({ email: emailSchema });

export const verifyOtpSchema = z.object({ otp: otpSchema });

export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, "validation:required") })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation:passwordMismatch",
  });

/** The reset step: the mailed code and the new password, sent together (decision 0020). */
export const resetPasswordFormSchema = z
  .object({
    otp: otpSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, "validation:required"),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation:passwordMismatch",
  });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "validation:required").max(PASSWORD_MAX, "validation:passwordTooLong"),
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, "validation:required"),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation:passwordMismatch",
  });
