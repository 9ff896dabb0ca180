import { z } from "zod";
import { isValidDay } from "~/lib/calendar";
import { isUuid } from "~/lib/uuid";

// A store's post as the form posts it (and every other write path). Messages are i18n keys.

export const POST_TITLE_MAX = 255;
export const POST_BODY_MAX = 5000;
/** Posts per page of the dashboard list. */
export const POSTS_PAGE_SIZE = 20;

export const postSchema = z.object({
  title: z.string().trim().min(1, "validation:required").max(POST_TITLE_MAX, "validation:postTitleTooLong"),
  // Plain text: line breaks kept, Windows line ends made plain.
  body: z
    .string()
    .default("")
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(POST_BODY_MAX, "validation:postBodyTooLong")),
  publishOn: z
    .string()
    .trim()
    .min(1, "validation:required")
    .refine((value) => isValidDay(value), "validation:dateInvalid"),
  published: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
  // One of the store's images (My images), or none; the service checks it is this store's.
  imageId: z
    .string()
    .trim()
    .default("")
    .refine((value) => value === "" || isUuid(value), "validation:postImageInvalid")
    .transform((value) => value || null),
  // A fresh upload through /api/images (its key); wins over imageId when set.
  imageKey: z
    .string()
    .trim()
    .max(200, "validation:tooLong")
    .default("")
    .transform((value) => value || null),
});

export type PostInput = z.output<typeof postSchema>;
