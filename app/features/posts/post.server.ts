import { and, count, desc, eq, lte } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { post } from "~/db/schema/posts";
import { storeImage } from "~/db/schema/store-images";
import { imageUrls } from "~/features/images/image.server";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import { POSTS_PAGE_SIZE, type PostInput } from "./post.schema";

// A store's posts (decision 0060). Every query is filtered by the signed-in store; a post's image is one
// of the store's own images (post_store_image_fk says so too). A change bumps store.version by
// trigger (migration 0012), so the cached public page shows it at once.

export type PostRow = typeof post.$inferSelect;
export type PostView = Omit<PostRow, "createdAt" | "updatedAt"> & {
  image: { url: string; thumbUrl: string } | null;
  updatedAt: string;
};

const columns = {
  id: post.id,
  storeId: post.storeId,
  title: post.title,
  body: post.body,
  imageId: post.imageId,
  published: post.published,
  publishOn: post.publishOn,
  updatedAt: post.updatedAt,
  imageKey: storeImage.key,
};

type Selected = { [K in keyof typeof columns]: unknown } & {
  id: string;
  storeId: string;
  title: string;
  body: string;
  imageId: string | null;
  published: boolean;
  publishOn: string;
  updatedAt: Date;
  imageKey: string | null;
};

function toView(row: Selected): PostView {
  const { imageKey, ...rest } = row;
  return {
    ...rest,
    updatedAt: row.updatedAt.toISOString(),
    image: imageKey ? imageUrls(imageKey, "product") : null,
  };
}

function selectPosts(db: Queryable) {
  return db
    .select(columns)
    .from(post)
    .leftJoin(storeImage, and(eq(storeImage.storeId, post.storeId), eq(storeImage.id, post.imageId)));
}

export async function listPosts(ctx: StoreContext, page: number) {
  const where = eq(post.storeId, ctx.storeId);
  const [rows, [total]] = await Promise.all([
    selectPosts(ctx.db)
      .where(where)
      .orderBy(desc(post.publishOn), desc(post.createdAt))
      .limit(POSTS_PAGE_SIZE)
      .offset((page - 1) * POSTS_PAGE_SIZE),
    ctx.db.select({ count: count() }).from(post).where(where),
  ]);
  return { posts: rows.map((row) => toView(row as Selected)), total: total?.count ?? 0 };
}

export async function getPost(ctx: StoreContext, postId: string): Promise<PostView> {
  const [row] = isUuid(postId)
    ? await selectPosts(ctx.db).where(and(eq(post.storeId, ctx.storeId), eq(post.id, postId)))
    : [];
  if (!row) throw new AppError("notFound");
  return toView(row as Selected);
}

/** The image a post may show: an upload's key or a chosen image, of this store's product-sized images. */
async function imageIdOf(ctx: StoreContext, input: PostInput): Promise<string | null> {
  if (!input.imageKey && !input.imageId) return null;
  const [row] = await ctx.db
    .select({ id: storeImage.id })
    .from(storeImage)
    .where(
      and(
        eq(storeImage.storeId, ctx.storeId),
        eq(storeImage.kind, "product"),
        input.imageKey ? eq(storeImage.key, input.imageKey) : eq(storeImage.id, input.imageId!),
      ),
    );
  if (!row) throw new AppError("validation", { fields: { imageId: "validation:postImageInvalid" } });
  return row.id;
}

function columnsOf(input: PostInput, imageId: string | null) {
  return {
    title: input.title,
    body: input.body,
    publishOn: input.publishOn,
    published: input.published,
    imageId,
  };
}

export async function createPost(ctx: StoreContext, input: PostInput): Promise<{ id: string }> {
  const imageId = await imageIdOf(ctx, input);
  try {
    const [row] = await ctx.db
      .insert(post)
      .values({ storeId: ctx.storeId, ...columnsOf(input, imageId) })
      .returning({ id: post.id });
    return row!;
  } catch (error) {
    throw new AppError("postSaveFailed", { cause: error });
  }
}

export async function updatePost(ctx: StoreContext, postId: string, input: PostInput): Promise<void> {
  await getPost(ctx, postId);
  const imageId = await imageIdOf(ctx, input);
  try {
    await ctx.db
      .update(post)
      .set({ ...columnsOf(input, imageId), updatedAt: new Date() })
      .where(and(eq(post.storeId, ctx.storeId), eq(post.id, postId)));
  } catch (error) {
    throw new AppError("postSaveFailed", { cause: error });
  }
}

export async function setPostPublished(ctx: StoreContext, postId: string, published: boolean): Promise<void> {
  const updated = isUuid(postId)
    ? await ctx.db
        .update(post)
        .set({ published, updatedAt: new Date() })
        .where(and(eq(post.storeId, ctx.storeId), eq(post.id, postId)))
        .returning({ id: post.id })
    : [];
  if (updated.length === 0) throw new AppError("notFound");
}

export async function deletePost(ctx: StoreContext, postId: string): Promise<void> {
  const deleted = isUuid(postId)
    ? await ctx.db
        .delete(post)
        .where(and(eq(post.storeId, ctx.storeId), eq(post.id, postId)))
        .returning({ id: post.id })
    : [];
  if (deleted.length === 0) throw new AppError("notFound");
}

export type PublicPost = {
  id: string;
  title: string;
  body: string;
  publishOn: string;
  image: { url: string; thumbUrl: string } | null;
};

/**
 * A store's posts a visitor sees: published, and due on `today` (a Skopje day), newest first.
 * The rendered page is cached per Skopje day, so a post dated tomorrow appears at midnight.
 */
export async function listPublicPosts(
  db: Queryable,
  storeId: string,
  today: string,
  limit: number,
  offset = 0,
) {
  const where = and(eq(post.storeId, storeId), eq(post.published, true), lte(post.publishOn, today));
  const [rows, [total]] = await Promise.all([
    selectPosts(db)
      .where(where)
      .orderBy(desc(post.publishOn), desc(post.createdAt))
      .limit(limit)
      .offset(offset),
    db.select({ count: count() }).from(post).where(where),
  ]);
  const posts: PublicPost[] = rows.map((row) => {
    const view = toView(row as Selected);
    return { id: view.id, title: view.title, body: view.body, publishOn: view.publishOn, image: view.image };
  });
  return { posts, total: total?.count ?? 0 };
}
