import { z } from "zod";

export const CATEGORY_NAME_MAX = 100;

/** Spec §5: category name required, text, at most 100 characters. */
export const categorySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "validation:required")
    .max(CATEGORY_NAME_MAX, "validation:categoryNameTooLong"),
});

export type CategoryInput = z.output<typeof categorySchema>;
