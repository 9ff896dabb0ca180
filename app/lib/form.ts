import type { z } from "zod";
import type { FieldErrors } from "./action-result";

export type { FieldErrors } from "./action-result";

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "form";
    errors[field] ??= issue.message;
  }
  return errors;
}

/** FormData as a plain object of strings (checkboxes arrive as "on" or are absent). */
export function formObject(form: FormData): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string") result[key] = value;
  }
  return result;
}
