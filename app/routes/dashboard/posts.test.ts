import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { post as postTable } from "~/db/schema/posts";
import { storeImage } from "~/db/schema/store-images";
import { store } from "~/db/schema/stores";
import { buildSitemap } from "~/features/feeds/sitemap.server";
import { saveImage } from "~/features/images/image.server";
import { getFixedT } from "~/i18n/i18n.server";
import { addDays, skopjeDay } from "~/lib/calendar";
import { LocalStorage } from "~/storage/local-storage.server";
import { setStorage } from "~/storage/storage.server";
import { photo } from "../../../tests/support/image-fixtures";
import { get, post, signedIn, startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as storePage from "../store/store-page";
import * as storePosts from "../store/store-posts";
import * as editRoute from "./post-edit";
import * as newRoute from "./post-new";
import * as listRoute from "./posts";
import * as imagesRoute from "./r2-images";

// Posts (decision 0060): create, edit, delete, publish and unpublish from the dashboard (the route
// adapter, without JavaScript), the field rules in mk, en and sq, and what a signed-out
// visitor sees: published posts that are due, newest three on the store page, all on /posts.

type Args = { request: Request; context: RouterContextProvider; params: Record<string, string> };
const call = (fn: unknown, args: Args) => (fn as (args: Args) => Promise<unknown>)(args);
type Failure = { ok: false; errors: Record<string, string>; values: Record<string, string> };

let database: Database;
const today = skopjeDay(new Date());

beforeAll(async () => {
  database = await startRouteDatabase();
  setStorage(new LocalStorage(mkdtempSync(path.join(tmpdir(), "vitrina-posts-"))));
});
afterAll(async () => {
  setStorage(null);
  await closeDatabase();
});

const form = (fields: Record<string, string> = {}) => ({
  title: "Нова стока",
  body: "Пристигна свежо млеко.\nВидете https://vitrina.mk",
  publishOn: today,
  published: "on",
  imageId: "",
  imageKey: "",
  ...fields,
});

async function create(userId: string, fields: Record<string, string> = {}) {
  return call(newRoute.action, {
    request: post("/dashboard/posts/new", form(fields)),
    context: signedIn(userId),
    params: {},
  });
}

async function postsOf(storeId: string) {
  return database.db
    .select()
    .from(postTable)
    .where(eq(postTable.storeId, storeId))
    .orderBy(postTable.createdAt);
}

async function publicPage(username: string, search = "") {
  const answer = (await call(storePage.loader, {
    request: get(`/${username}${search}`),
    context: new RouterContextProvider(),
    params: { username },
  })) as { data: { news: { title: string; body: string; image: unknown }[] } };
  return answer.data.news;
}

async function allPostsPage(username: string, page = 1) {
  const answer = (await call(storePosts.loader, {
    request: get(`/${username}/posts?page=${page}`),
    context: new RouterContextProvider(),
    params: { username },
  })) as { data: { posts: { title: string }[]; total: number } };
  return answer.data;
}

describe("posts in the dashboard", () => {
  it("creates, lists, edits, unpublishes, publishes and deletes a post", async () => {
    const owner = await createTestStore(database);
    expect(await statusOf(() => create(owner.userId))).toBe(302);
    const [saved] = await postsOf(owner.storeId);
    expect(saved).toMatchObject({
      title: "Нова стока",
      body: "Пристигна свежо млеко.\nВидете https://vitrina.mk",
      published: true,
      publishOn: today,
      imageId: null,
    });
    const list = (await call(listRoute.loader, {
      request: get("/dashboard/posts"),
      context: signedIn(owner.userId),
      params: {},
    })) as {
      posts: { id: string; title: string }[];
      total: number;
    };
    expect(list.posts.map((p) => p.title)).toEqual(["Нова стока"]);

    const url = `/dashboard/posts/${saved!.id}`;
    const params = { postId: saved!.id };
    expect(
      await statusOf(() =>
        call(editRoute.action, {
          request: post(url, form({ title: "Ново работно време", published: "" })),
          context: signedIn(owner.userId),
          params,
        }),
      ),
    ).toBe(302);
    expect((await postsOf(owner.storeId))[0]).toMatchObject({
      title: "Ново работно време",
      published: false,
    });

    const row = (intent: string) =>
      call(listRoute.action, {
        request: post("/dashboard/posts", { intent, postId: saved!.id }),
        context: signedIn(owner.userId),
        params: {},
      });
    expect(await row("publish")).toMatchObject({ ok: true, message: "posts:published" });
    expect((await postsOf(owner.storeId))[0]!.published).toBe(true);
    expect(await row("unpublish")).toMatchObject({ ok: true, message: "posts:unpublished" });
    expect((await postsOf(owner.storeId))[0]!.published).toBe(false);
    expect(await row("delete")).toMatchObject({ ok: true, message: "posts:deleted" });
    expect(await postsOf(owner.storeId)).toEqual([]);

    // The edit page's own delete.
    await create(owner.userId);
    const [again] = await postsOf(owner.storeId);
    expect(
      await statusOf(() =>
        call(editRoute.action, {
          request: post(`/dashboard/posts/${again!.id}`, { intent: "delete" }),
          context: signedIn(owner.userId),
          params: { postId: again!.id },
        }),
      ),
    ).toBe(302);
    expect(await postsOf(owner.storeId)).toEqual([]);
  });

  it("refuses a missing or too long title, a long text and a bad date, with translated messages and what was typed", async () => {
    const owner = await createTestStore(database);
    const cases: [Record<string, string>, string, string][] = [
      [{ title: "  " }, "title", "validation:required"],
      [{ title: "Н".repeat(256) }, "title", "validation:postTitleTooLong"],
      [{ body: "а".repeat(5001) }, "body", "validation:postBodyTooLong"],
      [{ publishOn: "" }, "publishOn", "validation:required"],
      [{ publishOn: "2026-02-30" }, "publishOn", "validation:dateInvalid"],
      [{ imageId: "not-an-id" }, "imageId", "validation:postImageInvalid"],
    ];
    for (const [fields, field, key] of cases) {
      const answer = (await create(owner.userId, fields)) as { data: Failure; init: { status: number } };
      expect([field, answer.init.status, answer.data.errors[field]]).toEqual([field, 400, key]);
      // What was typed comes back (a form post sends its line ends as CRLF).
      expect(answer.data.values.body?.replace(/\r\n/g, "\n")).toBe(form(fields).body);
    }
    // Exactly 255 is fine.
    expect(await statusOf(() => create(owner.userId, { title: "Н".repeat(255) }))).toBe(302);
    expect(await postsOf(owner.storeId)).toHaveLength(1);
    for (const [locale, text] of [
      ["mk", "Насловот може да има најмногу 255 знаци"],
      ["en", "The title can have at most 255 characters"],
      ["sq", "Titulli mund të ketë më së shumti 255 karaktere"],
    ] as const) {
      expect(getFixedT(locale)("validation:postTitleTooLong")).toBe(text);
    }
  });

  it("a post shows one of the store's images, and that image cannot be deleted while it does", async () => {
    const owner = await createTestStore(database);
    const image = await saveImage(owner.ctx, await photo(500, 400), "product");
    const [ledger] = await database.db.select().from(storeImage).where(eq(storeImage.key, image.key));
    expect(await statusOf(() => create(owner.userId, { title: "Со слика", imageId: ledger!.id }))).toBe(302);
    // A fresh upload's key works too.
    const uploaded = await saveImage(owner.ctx, await photo(300, 300), "product");
    expect(
      await statusOf(() => create(owner.userId, { title: "Со нова слика", imageKey: uploaded.key })),
    ).toBe(302);
    const news = await publicPage(owner.username);
    expect(news.map((p) => [p.title, p.image])).toEqual([
      ["Со нова слика", { url: uploaded.url, thumbUrl: uploaded.thumbUrl }],
      ["Со слика", { url: image.url, thumbUrl: image.thumbUrl }],
    ]);
    const refused = (await call(imagesRoute.action, {
      request: post("/dashboard/r2-images", { intent: "delete", imageId: ledger!.id }),
      context: signedIn(owner.userId),
      params: {},
    })) as {
      data: { errors: Record<string, string>; params: Record<string, string> };
      init: { status: number };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data.params).toEqual({ uses: "Објави: Со слика" });
  });
});

describe("posts on the public page", () => {
  it("shows published posts that are due, the newest three, and all of them on /posts, page by page", async () => {
    const owner = await createTestStore(database);
    for (let i = 1; i <= 12; i++)
      await create(owner.userId, { title: `Објава ${i}`, publishOn: addDays(today, i - 12) });
    await create(owner.userId, { title: "Нацрт", published: "" });
    await create(owner.userId, { title: "Утрешна", publishOn: addDays(today, 1) });
    expect((await publicPage(owner.username)).map((p) => p.title)).toEqual([
      "Објава 12",
      "Објава 11",
      "Објава 10",
    ]);
    // Only on the price list's first, unfiltered view.
    expect(await publicPage(owner.username, "?q=млеко")).toEqual([]);
    const first = await allPostsPage(owner.username);
    expect(first.total).toBe(12);
    expect(first.posts).toHaveLength(10);
    expect((await allPostsPage(owner.username, 2)).posts.map((p) => p.title)).toEqual([
      "Објава 2",
      "Објава 1",
    ]);
  });

  it("unpublishing takes a post off the page; the store's version moves with every change (the page cache)", async () => {
    const owner = await createTestStore(database);
    const version = async () =>
      (
        await database.db.select({ version: store.version }).from(store).where(eq(store.id, owner.storeId))
      )[0]!.version;
    const before = await version();
    await create(owner.userId, { title: "Акција" });
    const afterCreate = await version();
    expect(afterCreate).toBeGreaterThan(before);
    expect((await publicPage(owner.username)).map((p) => p.title)).toEqual(["Акција"]);
    const [row] = await postsOf(owner.storeId);
    await call(listRoute.action, {
      request: post("/dashboard/posts", { intent: "unpublish", postId: row!.id }),
      context: signedIn(owner.userId),
      params: {},
    });
    expect(await version()).toBeGreaterThan(afterCreate);
    expect(await publicPage(owner.username)).toEqual([]);
    expect((await allPostsPage(owner.username)).total).toBe(0);
  });

  it("the sitemap lists a store's posts page once a published post is due", async () => {
    const owner = await createTestStore(database);
    const entry = `<loc>https://vitrina.mk/${owner.username}/posts</loc>`;
    await create(owner.userId, { title: "Утре", publishOn: addDays(today, 1) });
    expect(await buildSitemap(database.db, "https://vitrina.mk")).not.toContain(entry);
    await create(owner.userId, { title: "Денес" });
    expect(await buildSitemap(database.db, "https://vitrina.mk")).toContain(
      `${entry}<lastmod>${today}</lastmod>`,
    );
  });

  it("a store in onboarding or unknown has no posts page", async () => {
    const hidden = await createTestStore(database, { onboardingStep: 2 });
    expect(
      await statusOf(() =>
        call(storePosts.loader, {
          request: get(`/${hidden.username}/posts`),
          context: new RouterContextProvider(),
          params: { username: hidden.username },
        }),
      ),
    ).toBe(404);
  });
});
