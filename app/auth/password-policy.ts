import { z } from "zod";
import commonPasswordsText from "./data/common-passwords.txt?raw";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const COMMON_PASSWORDS = new Set(
  commonPasswordsText
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean),
);

/** One of the 1,000 most common passwords (case-insensitive, see app/auth/data/README.md). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

/** A new password: 8 to 128 characters, not a common one. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, "validation:passwordTooShort")
  .max(PASSWORD_MAX, "validation:passwordTooLong")
  .refine((value) => !isCommonPassword(value), "validation:passwordTooCommon");
