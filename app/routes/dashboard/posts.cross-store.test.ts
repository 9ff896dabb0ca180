import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { post as postTable } from "~/db/schema/posts";
import { storeImage } from "~/db/schema/store-images";
import { type StoredImage, saveImage } from "~/features/images/image.server";
import { postSchema } from "~/features/posts/post.schema";
import { createPost } from "~/features/posts/post.server";
import { skopjeDay } from "~/lib/calendar";
import { LocalStorage } from "~/storage/local-storage.server";
import { setStorage } from "~/storage/storage.server";
import { photo } from "../../../tests/support/image-fixtures";
import {
  call,
  get,
  post,
  signedIn,
  startRouteDatabase,
  statusOf,
} from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as editRoute from "./post-edit";
import * as newRoute from "./post-new";
import * as listRoute from "./posts";

// With two stores, every posts route and action refuses the other store's post ids (404)
// and images (a field error), and changes nothing of theirs.

let database: Database;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;
let theirPostId: string;
let theirImage: StoredImage;
let theirImageId: string;

const form = (fields: Record<string, string> = {}) => ({
  title: "Мојата објава",
  body: "",
  publishOn: skopjeDay(new Date()),
  published: "on",
  imageId: "",
  imageKey: "",
  ...fields,
});

async function snapshot() {
  const posts = await database.db.select().from(postTable).where(eq(postTable.storeId, theirs.storeId));
  const images = await database.db.select().from(storeImage).where(eq(storeImage.storeId, theirs.storeId));
  return JSON.stringify({ posts, images });
}

beforeAll(async () => {
  database = await startRouteDatabase();
  setStorage(new LocalStorage(mkdtempSync(path.join(tmpdir(), "vitrina-posts-x-"))));
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
  theirImage = await saveImage(theirs.ctx, await photo(200, 200), "product");
  const [row] = await database.db.select().from(storeImage).where(eq(storeImage.key, theirImage.key));
  theirImageId = row!.id;
  theirPostId = (
    await createPost(theirs.ctx, postSchema.parse(form({ title: "Туѓа", imageId: theirImageId })))
  ).id;
});
afterAll(async () => {
  setStorage(null);
  await closeDatabase();
});

describe("another store's posts and images", () => {
  it("their post's edit page, save and delete answer 404", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const url = `/dashboard/posts/${theirPostId}`;
    const params = { postId: theirPostId };
    expect(await statusOf(() => call(editRoute.loader, { request: get(url), context, params }))).toBe(404);
    expect(
      await statusOf(() =>
        call(editRoute.action, { request: post(url, form({ title: "Моја" })), context, params }),
      ),
    ).toBe(404);
    expect(
      await statusOf(() =>
        call(editRoute.action, { request: post(url, { intent: "delete" }), context, params }),
      ),
    ).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it("publish, unpublish and delete of their post from my list answer 404", async () => {
    const before = await snapshot();
    for (const intent of ["publish", "unpublish", "delete"]) {
      const status = await statusOf(() =>
        call(listRoute.action, {
          request: post("/dashboard/posts", { intent, postId: theirPostId }),
          context: signedIn(mine.userId),
          params: {},
        }),
      );
      expect([intent, status]).toEqual([intent, 404]);
    }
    expect(await snapshot()).toBe(before);
  });

  it("my list and my image choices hold nothing of theirs", async () => {
    const list = (await call(listRoute.loader, {
      request: get("/dashboard/posts"),
      context: signedIn(mine.userId),
      params: {},
    })) as { posts: unknown[]; total: number };
    expect(list).toMatchObject({ posts: [], total: 0 });
    const page = (await call(newRoute.loader, {
      request: get("/dashboard/posts/new"),
      context: signedIn(mine.userId),
      params: {},
    })) as { images: unknown[] };
    expect(page.images).toEqual([]);
  });

  it("their image, by id or by key, is refused on my new and my edited post", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    for (const fields of [{ imageId: theirImageId }, { imageKey: theirImage.key }] as Record<
      string,
      string
    >[]) {
      const answer = (await call(newRoute.action, {
        request: post("/dashboard/posts/new", form(fields)),
        context,
        params: {},
      })) as {
        data: { errors: Record<string, string> };
        init: { status: number };
      };
      expect(answer.init.status).toBe(400);
      expect(answer.data.errors).toEqual({ imageId: "validation:postImageInvalid" });
    }
    expect(await database.db.select().from(postTable).where(eq(postTable.storeId, mine.storeId))).toEqual([]);
    const mineId = (await createPost(mine.ctx, postSchema.parse(form()))).id;
    const answer = (await call(editRoute.action, {
      request: post(`/dashboard/posts/${mineId}`, form({ imageId: theirImageId })),
      context,
      params: { postId: mineId },
    })) as { data: { errors: Record<string, string> } };
    expect(answer.data.errors).toEqual({ imageId: "validation:postImageInvalid" });
    const [row] = await database.db.select().from(postTable).where(eq(postTable.id, mineId));
    expect(row!.imageId).toBeNull();
    expect(await snapshot()).toBe(before);
  });

  it("the database itself refuses a post showing another store's image", async () => {
    const refused = await database.db
      .insert(postTable)
      .values({ storeId: mine.storeId, title: "x", publishOn: "2026-01-01", imageId: theirImageId })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
  });
});
