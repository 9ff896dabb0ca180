import { data } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { IMAGE_UPLOAD_BODY_LIMIT, type ImageKind, saveImage } from "~/features/images/image.server";
import { attachProductImage } from "~/features/images/product-image.server";
import { isAppError } from "~/lib/app-error";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/image-upload";

/**
 * POST multipart `file` and `kind` (logo | product), optionally `productId` to attach a product
 * image at once. Answers the stored image's key and URLs, or the message to show.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const kind: ImageKind = new URL(request.url).searchParams.get("kind") === "logo" ? "logo" : "product";
  const failed = kind === "logo" ? "errors:logoUploadFailed" : "errors:imageUploadFailed";
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (!Number.isFinite(length)) return data({ error: "errors:imageEmpty" }, { status: 411 });
  if (length > IMAGE_UPLOAD_BODY_LIMIT) return data({ error: "errors:imageTooLarge" }, { status: 413 });
  try {
    const form = await request.formData();
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0)
      return data({ error: "errors:imageEmpty" }, { status: 400 });
    const image = await saveImage(ctx, Buffer.from(await file.arrayBuffer()), kind);
    const productId = form.get("productId");
    if (kind === "product" && typeof productId === "string" && productId) {
      await attachProductImage(ctx, productId, image);
    }
    return data({ image, error: null });
  } catch (error) {
    if (isAppError(error) && error.status < 500)
      return data({ error: error.messageKey }, { status: error.status });
    logger.error({ err: error }, "image upload failed");
    return data({ error: failed }, { status: 500 });
  }
}
