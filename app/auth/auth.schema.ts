import { z } from "zod";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "validation:required")
  .pipe(z.email("validation:emailInvalid"));

export const loginSchema = z.object({
  email,
  password: z.string().min(1, "validation:required").max(PASSWORD_MAX, "validation:passwordTooLong"),
});

// Spec §5: password at least 8 characters and equal to its confirmation; e-mail required and valid.
export const registerSchema = z
  .object({
    email,
    password: z
      .string()
      .min(PASSWORD_MIN, "validation:passwordTooShort")
      .max(PASSWORD_MAX, "validation:passwordTooLong"),
    confirmPassword: z.string().min(1, "validation:required"),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation:passwordMismatch",
  });
