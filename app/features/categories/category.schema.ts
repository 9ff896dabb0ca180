import { z } from "zod";

export const CATEGORY_NAME_MAX = 100;

/** Category name required, text, at most 100 characters. */
export const categorySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "validation:required")
    .max(CATEGORY_NAME_MAX, "validation:categoryNameTooLong"),
  // The Albanian name, posted only when the store enables Albanian content; empty clears
  // it (the Macedonian name is shown), absent keeps what is saved.
  nameSq: z
    .string()
    .trim()
    .max(CATEGORY_NAME_MAX, "validation:categoryNameTooLong")
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
});

/** What a category service takes; a missing `nameSq` keeps the saved one. */
export type CategoryInput = { name: string; nameSq?: string | null };
