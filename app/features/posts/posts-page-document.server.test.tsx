import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { postSchema } from "~/features/posts/post.schema";
import { createPost } from "~/features/posts/post.server";
import { publicStoreCache, storeVersions } from "~/features/storefront/public-caches.server";
import {
  reactRouterDocuments,
  TEST_NONCE,
  withoutRouterMarkers,
} from "~/features/storefront/public-document.test-support";
import type { Locale } from "~/i18n/config";
import { addDays } from "~/lib/calendar";
import { fixedClock } from "~/lib/clock.server";
import { getConfig } from "~/lib/config.server";
import { settle } from "../../../tests/support/listening-db";
import { startRouteDatabase } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as storePosts from "../../routes/store/store-posts";
import { renderPostsPageDocument } from "./posts-page-document.server";

// Decision 0147: a visitor's /{username}/posts is rendered without React Router's document pipeline.
// The published document must be the page React Router renders for the same request (root layout,
// loader, meta, entry.server), but for the empty Suspense boundary React Router adds of its own.

vi.mock("../../app.css?url", () => ({ default: "/assets/app.css" }));

const TODAY = "2026-11-20";
const clock = fixedClock(new Date(`${TODAY}T10:00:00Z`));
const reactRouter = reactRouterDocuments([
  { id: "routes/store/store-posts", path: ":username/posts", module: storePosts },
]);

function published(path: string, locale: Locale) {
  const url = new URL(path, "http://localhost");
  return renderPostsPageDocument({
    url,
    username: url.pathname.split("/")[1]!,
    locale,
    nonce: TEST_NONCE,
    script: true,
  });
}

/** The posts' titles a page shows, in its order. */
function titles(html: string): string[] {
  return [...html.matchAll(/<article id="post-[^"]+"[\s\S]*?<h3[^>]*>([^<]*)<\/h3>/g)].map((m) => m[1]!);
}

const post = (title: string, fields: Record<string, string> = {}) =>
  postSchema.parse({ title, body: `${title}: текст`, publishOn: TODAY, published: "on", ...fields });

let database: Database;
let username: string;
let other: string;
let inactive: string;
let shopCtx: Awaited<ReturnType<typeof createTestStore>>["ctx"];

beforeAll(async () => {
  (globalThis as { __vitrinaClock?: unknown }).__vitrinaClock = clock;
  database = await startRouteDatabase();
  // Live, as on the server: the first page is held with the store while its version is current.
  await storeVersions.start(database);
  const shop = await createTestStore(database);
  shopCtx = shop.ctx;
  username = shop.username;
  // Twelve published posts, one a day back from today: ten on the first page, two on the second.
  for (let i = 0; i < 12; i++) {
    await createPost(
      shop.ctx,
      post(`Објава ${String(i + 1).padStart(2, "0")}`, { publishOn: addDays(TODAY, i - 11) }),
    );
  }
  await createPost(shop.ctx, post("Нацрт", { published: "" }));
  await createPost(shop.ctx, post("Утрешна", { publishOn: addDays(TODAY, 1) }));
  const second = await createTestStore(database);
  other = second.username;
  await createPost(second.ctx, post("Туѓа објава"));
  const hidden = await createTestStore(database, { active: false });
  inactive = hidden.username;
  await createPost(hidden.ctx, post("Скриена објава"));
});
afterAll(async () => {
  await storeVersions.stop();
  await closeDatabase();
  delete (globalThis as { __vitrinaClock?: unknown }).__vitrinaClock;
});

describe("the posts page as a published document", () => {
  it("is the document React Router renders for the same view, in mk, en and sq", async () => {
    for (const locale of ["mk", "en", "sq"] as const) {
      for (const path of [`/${username}/posts`, `/${username}/posts?page=2`, `/${other}/posts`]) {
        const expected = await reactRouter(path, locale);
        expect([path, locale, expected.status]).toEqual([path, locale, 200]);
        expect(await published(path, locale)).toBe(withoutRouterMarkers(expected.html));
      }
    }
  });

  it("keeps the head: language, title, description and the canonical address with its page", async () => {
    const first = (await published(`/${username}/posts`, "en"))!;
    expect(first).toContain('<html lang="en" data-messages="public">');
    expect(first).toContain(`<link rel="canonical" href="${getConfig().baseUrl}/${username}/posts"/>`);
    expect(first).toMatch(/<title>[^<]+<\/title><meta name="description" content="[^"]+"\/>/);
    const second = (await published(`/${username}/posts?page=2`, "mk"))!;
    expect(second).toContain(
      `<link rel="canonical" href="${getConfig().baseUrl}/${username}/posts?page=2"/>`,
    );
    // No framework script: only the static page's inline script, with the nonce.
    expect(first).not.toMatch(/type="module"|modulepreload|__reactRouter/);
    expect([...first.matchAll(/<script([^>]*)>/g)].map((m) => m[1])).toEqual([` nonce="${TEST_NONCE}"`]);
  });

  it("shows the published posts newest first, ten a page, and never a draft or a post dated tomorrow", async () => {
    const first = (await published(`/${username}/posts`, "mk"))!;
    const second = (await published(`/${username}/posts?page=2`, "mk"))!;
    expect(titles(first)).toEqual(
      ["12", "11", "10", "09", "08", "07", "06", "05", "04", "03"].map((n) => `Објава ${n}`),
    );
    expect(titles(second)).toEqual(["Објава 02", "Објава 01"]);
    for (const html of [first, second]) {
      expect(html).not.toContain("Нацрт");
      expect(html).not.toContain("Утрешна");
    }
  });

  it("never shows another store's posts on a store's page", async () => {
    for (const path of [`/${username}/posts`, `/${username}/posts?page=2`]) {
      expect(await published(path, "mk")).not.toContain("Туѓа објава");
    }
    expect(titles((await published(`/${other}/posts`, "mk"))!)).toEqual(["Туѓа објава"]);
  });

  it("reads a page number that is not one as the first page, whose canonical address has no query", async () => {
    const canonical = `<link rel="canonical" href="${getConfig().baseUrl}/${username}/posts"/>`;
    for (const junk of ["abc", "0", "-2", "1.5", "", "999999999", "%00", "2&page=3"]) {
      const path = `/${username}/posts?page=${junk}`;
      const html = (await published(path, "mk"))!;
      expect(html).toBe(withoutRouterMarkers((await reactRouter(path, "mk")).html));
      if (junk === "2&page=3") continue; // the first ?page= counts: page 2
      expect([junk, html.includes(canonical)]).toEqual([junk, true]);
      expect(titles(html)[0]).toBe("Објава 12");
    }
  });

  it("is null for an unknown store and for one the public may not see, so React Router answers its 404", async () => {
    for (const name of ["no-such-store", inactive]) {
      expect(await published(`/${name}/posts`, "mk")).toBeNull();
      expect((await reactRouter(`/${name}/posts`, "mk")).status).toBe(404);
    }
  });

  it("shows a new post on the first page at the next request, and a post dated tomorrow from midnight", async () => {
    const before = (await published(`/${username}/posts`, "mk"))!;
    expect(titles(before)[0]).toBe("Објава 12");
    // Held: the second render reads the store and its first page from memory.
    const hits = publicStoreCache.hits;
    expect(await published(`/${username}/posts`, "mk")).toBe(before);
    expect(publicStoreCache.hits).toBe(hits + 1);
    await createPost(shopCtx, post("Објава 13"));
    await settle();
    expect(titles((await published(`/${username}/posts`, "mk"))!).slice(0, 2)).toEqual([
      "Објава 13",
      "Објава 12",
    ]);
    const globals = globalThis as { __vitrinaClock?: unknown };
    globals.__vitrinaClock = fixedClock(new Date(`${addDays(TODAY, 1)}T00:00:30+01:00`));
    try {
      expect(titles((await published(`/${username}/posts`, "mk"))!)[0]).toBe("Утрешна");
    } finally {
      globals.__vitrinaClock = clock;
    }
  });
});
