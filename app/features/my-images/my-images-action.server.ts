import type { TFunction } from "i18next";
import { IMAGE_MAX_BYTES, IMAGE_UPLOAD_BODY_LIMIT, saveImage } from "~/features/images/image.server";
import { AppError, isAppError } from "~/lib/app-error";
import { handleAction } from "~/lib/route-adapter.server";
import type { StoreContext } from "~/lib/service-context";
import { deleteMyImage, type ImageUses } from "./my-images.server";
import { MY_IMAGES_FILES_PER_POST } from "./my-images-limits";

/** That post's body: the files and their multipart envelopes (server/app.ts refuses more, 413). */
export const MY_IMAGES_BODY_LIMIT = MY_IMAGES_FILES_PER_POST * IMAGE_UPLOAD_BODY_LIMIT;

/** One file of a post: stored, or refused with the i18n key (and values) of the reason. */
export type UploadOutcome = { file: string; error: string | null; params?: Record<string, number | string> };

/** "Products: Ајвар, Млеко · Posts: Отворивме · Logo" in the owner's language. */
export function describeUses(t: TFunction, uses: ImageUses): string {
  const parts: string[] = [];
  if (uses.products.length > 0)
    parts.push(`${t("myImages:uses.products")}: ${uses.products.map((p) => p.name).join(", ")}`);
  if (uses.posts.length > 0)
    parts.push(`${t("myImages:uses.posts")}: ${uses.posts.map((p) => p.title).join(", ")}`);
  if (uses.logo) parts.push(t("myImages:uses.logo"));
  return parts.join(" · ");
}

/** Stores each file through the image pipeline; one refused file does not stop the others. */
async function uploadAll(
  ctx: StoreContext,
  files: File[],
): Promise<{ outcomes: UploadOutcome[]; refusals: AppError[] }> {
  const outcomes: UploadOutcome[] = [];
  const refusals: AppError[] = [];
  for (const file of files) {
    try {
      if (file.size === 0) throw new AppError("imageEmpty");
      if (file.size > IMAGE_MAX_BYTES) throw new AppError("imageTooLarge");
      await saveImage(ctx, Buffer.from(await file.arrayBuffer()), "product");
      outcomes.push({ file: file.name, error: null });
    } catch (error) {
      if (!isAppError(error)) throw error;
      refusals.push(error);
      outcomes.push({
        file: file.name,
        error: error.messageKey,
        ...(error.params && { params: error.params }),
      });
    }
  }
  return { outcomes, refusals };
}

/** The My images page's action: upload (several files) or delete (one image of the store). */
export function myImagesAction(ctx: StoreContext, form: FormData, t: TFunction) {
  const intent = String(form.get("intent") ?? "");
  return handleAction(
    async () => {
      switch (intent) {
        case "upload": {
          const files = form.getAll("files").filter((value): value is File => value instanceof File);
          const chosen = files.filter((file) => file.size > 0 || file.name !== "");
          if (chosen.length === 0) throw new AppError("imageEmpty");
          if (chosen.length > MY_IMAGES_FILES_PER_POST)
            throw new AppError("validation", {
              fields: { files: "myImages:tooManyFiles" },
              params: { max: MY_IMAGES_FILES_PER_POST },
            });
          const { outcomes, refusals } = await uploadAll(ctx, chosen);
          // Nothing stored: the answer is the (first) refusal, with its status and message.
          if (refusals.length === outcomes.length) throw refusals[0]!;
          return { message: "myImages:uploaded", uploaded: outcomes.length - refusals.length, outcomes };
        }
        case "delete":
          await deleteMyImage(ctx, String(form.get("imageId") ?? ""), (uses) => describeUses(t, uses));
          return { message: "myImages:deleted" };
        default:
          throw new AppError("validation");
      }
    },
    { intent, fallback: intent === "delete" ? "imageDeleteFailed" : "imageUploadFailed" },
  );
}
