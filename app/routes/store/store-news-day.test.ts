import type { IncomingMessage, ServerResponse } from "node:http";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { createPost } from "~/features/posts/post.server";
import { StorePageCache } from "~/features/storefront/page-cache.server";
import { storeVersions } from "~/features/storefront/public-caches.server";
import { addDays, skopjeInstant } from "~/lib/calendar";
import { fixedClock } from "~/lib/clock.server";
import { settle } from "../../../tests/support/listening-db";
import { get, startRouteDatabase } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import { loader as storePage } from "./store-page";
import { loader as storePosts } from "./store-posts";

// Decision 0060: a post dated tomorrow appears on the public page and on /{username}/posts
// at Skopje midnight, with nothing else changing the store. Replayed on the process clock the
// loaders read (tests/support: never the real date), with the page cache and the held catalogue
// running against the live store versions as the server runs them.

const DAY = "2026-11-20";
const NEXT = addDays(DAY, 1);
const clock = fixedClock(skopjeInstant(DAY, 23, 30));

let database: Database;
let cache: StorePageCache;
beforeAll(async () => {
  (globalThis as { __vitrinaClock?: unknown }).__vitrinaClock = clock;
  database = await startRouteDatabase();
  await storeVersions.start(database);
  cache = new StorePageCache(clock, storeVersions);
});
afterAll(async () => {
  await storeVersions.stop();
  await closeDatabase();
  delete (globalThis as { __vitrinaClock?: unknown }).__vitrinaClock;
});

type PageArgs = Parameters<typeof storePage>[0];
type PostsArgs = Parameters<typeof storePosts>[0];

async function newsTitles(username: string): Promise<string[]> {
  const answer = await storePage({
    request: get(`/${username}`),
    params: { username },
    context: new RouterContextProvider(),
  } as unknown as PageArgs);
  return answer.data.news.map((post) => post.title);
}

async function postsPageTitles(username: string): Promise<string[]> {
  const answer = await storePosts({
    request: get(`/${username}/posts`),
    params: { username },
    context: new RouterContextProvider(),
  } as unknown as PostsArgs);
  return answer.data.posts.map((post) => post.title);
}

const visitor = { method: "GET", headers: {} } as IncomingMessage;
function sink() {
  const res = { writeHead: () => res, end: () => res };
  return res as unknown as ServerResponse;
}

/** A signed-out visit to /{username} as the server's edge answers it: the cached page, or a render it stores. */
async function visit(username: string, storeId: string): Promise<{ cached: boolean; titles: string[] }> {
  const key = cache.keyFor("GET", `/${username}`, undefined);
  expect(key).not.toBeNull();
  const held = cache.keys().includes(key!) && cache.serve(key!, visitor, sink(), "test");
  if (held) return { cached: true, titles: [] };
  const current = await cache.currentVersion(database.db, username);
  const titles = await newsTitles(username);
  cache.put(key!, {
    storeId,
    version: current!.version,
    headers: [["content-security-policy", "script-src 'nonce-n'"]],
    body: Buffer.from(titles.join("\n")),
    nonce: "n",
  });
  return { cached: false, titles };
}

describe("a post dated tomorrow", () => {
  it("appears on /{username} and /{username}/posts at Skopje midnight, without any other change", async () => {
    const shop = await createTestStore(database);
    await createPost(shop.ctx, {
      title: "Денес",
      body: "Веќе објавено.",
      publishOn: DAY,
      published: true,
      imageId: null,
      imageKey: null,
    });
    await createPost(shop.ctx, {
      title: "Од утре",
      body: "Новото работно време.",
      publishOn: NEXT,
      published: true,
      imageId: null,
      imageKey: null,
    });
    await settle();
    const version = (await cache.currentVersion(database.db, shop.username))!.version;

    // 23:30 on the day before: rendered without it, and the page is cached.
    expect(await visit(shop.username, shop.storeId)).toEqual({ cached: false, titles: ["Денес"] });
    expect(await postsPageTitles(shop.username)).toEqual(["Денес"]);
    clock.set(skopjeInstant(DAY, 23, 59));
    expect((await visit(shop.username, shop.storeId)).cached).toBe(true);

    // 00:01 in Skopje: the same store version, yet the page is rendered again, and shows it.
    clock.set(skopjeInstant(NEXT, 0, 1));
    expect(await visit(shop.username, shop.storeId)).toEqual({ cached: false, titles: ["Од утре", "Денес"] });
    expect(await postsPageTitles(shop.username)).toEqual(["Од утре", "Денес"]);
    expect((await visit(shop.username, shop.storeId)).cached).toBe(true);
    expect((await cache.currentVersion(database.db, shop.username))!.version).toBe(version);
  });
});
