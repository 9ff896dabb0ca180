import { setProductImage } from "~/features/catalog/product.server";
import { isAppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { deleteImage, type StoredImage } from "./image.server";

/** Sets a product's image; another store's product is "not found" and the upload is removed. */
export async function attachProductImage(ctx: StoreContext, productId: string, image: StoredImage) {
  try {
    await setProductImage(ctx, productId, image.url);
  } catch (error) {
    if (isAppError(error) && error.code === "notFound") await deleteImage(ctx, image.key, "product");
    throw error;
  }
}
