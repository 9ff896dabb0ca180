import { and, eq } from "drizzle-orm";
import { product } from "~/db/schema/catalog";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { deleteImage, type StoredImage } from "./image.server";

/** Sets a product's image; another store's product is "not found" and the upload is removed. */
export async function attachProductImage(ctx: StoreContext, productId: string, image: StoredImage) {
  const updated = /^[0-9a-f-]{36}$/i.test(productId)
    ? await ctx.db
        .update(product)
        .set({ imageUrl: image.url, updatedAt: new Date() })
        .where(and(eq(product.id, productId), eq(product.storeId, ctx.storeId)))
        .returning({ id: product.id })
    : [];
  if (updated.length === 0) {
    await deleteImage(image.key, "product");
    throw new AppError("notFound");
  }
}
