import { data } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { IMAGE_UPLOAD_BODY_LIMIT, type ImageKind, saveImage } from "~/features/images/image.server";
import { attachProductImage } from "~/features/images/product-image.server";
import type { ActionFailure } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import { handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/image-upload";

/**
 * POST multipart `file` and `kind` (logo | product), optionally `productId` to attach a product
 * image at once. Answers `{ ok: true, image }` (the stored key and URLs) or the adapter's failure.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const kind: ImageKind = new URL(request.url).searchParams.get("kind") === "logo" ? "logo" : "product";
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  // The size is refused before the body is read; 411 is not in the AppError table.
  if (!Number.isFinite(length))
    return data<ActionFailure>({ ok: false, errors: { form: "errors:imageEmpty" } }, { status: 411 });
  return handleAction(
    async () => {
      if (length > IMAGE_UPLOAD_BODY_LIMIT) throw new AppError("imageTooLarge");
      const form = await request.formData();
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) throw new AppError("imageEmpty");
      const image = await saveImage(ctx, Buffer.from(await file.arrayBuffer()), kind);
      const productId = form.get("productId");
      if (kind === "product" && typeof productId === "string" && productId) {
        await attachProductImage(ctx, productId, image);
      }
      return { image };
    },
    { fallback: kind === "logo" ? "logoUploadFailed" : "imageUploadFailed" },
  );
}
