import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { product } from "~/db/schema/catalog";
import { post } from "~/db/schema/posts";
import { storeImage } from "~/db/schema/store-images";
import { store } from "~/db/schema/stores";
import { deleteImage, imageUrls } from "~/features/images/image.server";
import { AppError } from "~/lib/app-error";
import { logger } from "~/lib/logger.server";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import { storageLimitBytes, storageUsedBytes } from "./image-ledger.server";
import { MY_IMAGES_PAGE_SIZE } from "./my-images-limits";

// "My images" (/dashboard/r2-images, decision 0059): the store's own stored images, where each is used,
// and the storage they take against the limit. Every query is filtered by the signed-in store.

export type ImageUses = {
  products: { id: string; name: string }[];
  posts: { id: string; title: string }[];
  logo: boolean;
};

export type MyImage = {
  id: string;
  key: string;
  kind: "product" | "logo";
  url: string;
  thumbUrl: string;
  bytes: number;
  width: number | null;
  height: number | null;
  createdAt: string;
  uses: ImageUses;
};

export function isUsed(uses: ImageUses): boolean {
  return uses.logo || uses.products.length > 0 || uses.posts.length > 0;
}

type Row = typeof storeImage.$inferSelect;

/** The uses of these images of the store: products by their image URL, posts by id, the logo by key. */
async function usesOf(ctx: StoreContext, rows: Row[]): Promise<Map<string, ImageUses>> {
  const uses = new Map<string, ImageUses>(
    rows.map((row) => [row.id, { products: [], posts: [], logo: false }]),
  );
  if (rows.length === 0) return uses;
  const ids = rows.map((row) => row.id);
  const [products, posts, [owner]] = await Promise.all([
    ctx.db
      .select({ imageId: storeImage.id, id: product.id, name: product.name })
      .from(storeImage)
      .innerJoin(
        product,
        and(
          eq(product.storeId, storeImage.storeId),
          // A product keeps the URL of the image's large size: `…/{key}-800.webp`.
          sql`${product.imageUrl} like '%' || ${storeImage.key} || '-%'`,
        ),
      )
      .where(and(eq(storeImage.storeId, ctx.storeId), inArray(storeImage.id, ids)))
      .orderBy(product.name),
    ctx.db
      .select({ imageId: post.imageId, id: post.id, title: post.title })
      .from(post)
      .where(and(eq(post.storeId, ctx.storeId), inArray(post.imageId, ids)))
      .orderBy(desc(post.publishOn)),
    ctx.db.select({ logoKey: store.logoKey }).from(store).where(eq(store.id, ctx.storeId)),
  ]);
  for (const row of products) uses.get(row.imageId)?.products.push({ id: row.id, name: row.name });
  for (const row of posts)
    if (row.imageId) uses.get(row.imageId)?.posts.push({ id: row.id, title: row.title });
  for (const row of rows) if (owner?.logoKey === row.key) uses.get(row.id)!.logo = true;
  return uses;
}

function toMyImage(row: Row, uses: ImageUses): MyImage {
  return {
    id: row.id,
    key: row.key,
    kind: row.kind,
    ...imageUrls(row.key, row.kind),
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
    uses,
  };
}

export async function listMyImages(ctx: StoreContext, page: number) {
  const where = eq(storeImage.storeId, ctx.storeId);
  const [rows, [total], used] = await Promise.all([
    ctx.db
      .select()
      .from(storeImage)
      .where(where)
      .orderBy(desc(storeImage.createdAt), desc(storeImage.id))
      .limit(MY_IMAGES_PAGE_SIZE)
      .offset((page - 1) * MY_IMAGES_PAGE_SIZE),
    ctx.db.select({ count: count() }).from(storeImage).where(where),
    storageUsedBytes(ctx.db, ctx.storeId),
  ]);
  const uses = await usesOf(ctx, rows);
  return {
    images: rows.map((row) => toMyImage(row, uses.get(row.id)!)),
    total: total?.count ?? 0,
    storage: { used, limit: storageLimitBytes() },
  };
}

/** One image of the store (another store's or a malformed id is notFound). */
export async function getMyImage(ctx: StoreContext, imageId: string): Promise<MyImage> {
  const [row] = isUuid(imageId)
    ? await ctx.db
        .select()
        .from(storeImage)
        .where(and(eq(storeImage.storeId, ctx.storeId), eq(storeImage.id, imageId)))
    : [];
  if (!row) throw new AppError("notFound");
  return toMyImage(row, (await usesOf(ctx, [row])).get(row.id)!);
}

/**
 * Deletes an unused image, its files and its row. A used one is refused with its uses, which
 * `wordUses` words in the owner's language ("Products: Ајвар; the logo").
 */
export async function deleteMyImage(
  ctx: StoreContext,
  imageId: string,
  wordUses: (uses: ImageUses) => string,
): Promise<void> {
  const image = await getMyImage(ctx, imageId);
  if (isUsed(image.uses)) throw new AppError("imageInUse", { params: { uses: wordUses(image.uses) } });
  try {
    // The row first: a post that took the image meanwhile makes this fail (post_store_image_fk).
    await ctx.db
      .delete(storeImage)
      .where(and(eq(storeImage.storeId, ctx.storeId), eq(storeImage.id, image.id)));
  } catch (error) {
    throw new AppError("imageDeleteFailed", { cause: error });
  }
  await deleteImage(ctx, image.key, image.kind).catch((error) =>
    logger.warn({ err: error, storeId: ctx.storeId, key: image.key }, "image files not deleted"),
  );
}

/** The store's images a post may show (product-sized uploads), newest first, for the post form. */
export async function listPostImageChoices(ctx: StoreContext, limit = 60) {
  const rows = await ctx.db
    .select({ id: storeImage.id, key: storeImage.key })
    .from(storeImage)
    .where(and(eq(storeImage.storeId, ctx.storeId), eq(storeImage.kind, "product")))
    .orderBy(desc(storeImage.createdAt), desc(storeImage.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, thumbUrl: imageUrls(row.key, "product").thumbUrl }));
}
