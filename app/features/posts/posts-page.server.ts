import { getPublicDb } from "~/db/db.server";
import { storeAddress } from "~/features/domains/domain-directory.server";
import { publicStoreCache } from "~/features/storefront/public-caches.server";
import type { PublicStoreCache } from "~/features/storefront/public-store-cache.server";
import type { Store } from "~/features/stores/store.server";
import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { skopjeDay } from "~/lib/calendar";
import { getClock } from "~/lib/clock.server";
import { getConfig } from "~/lib/config.server";
import { parsePage } from "~/lib/pagination";
import { listPublicPosts } from "./post.server";

/** Posts on one page of /{username}/posts. */
export const POSTS_PAGE_SIZE = 10;

/** Every copy is the same for every visitor of a language; a browser asks again on each visit. */
export const POSTS_PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate";

export type PostsPageData = NonNullable<Awaited<ReturnType<typeof loadPostsPage>>>;

/**
 * /{username}/posts: every published post of a public store, newest first (decision 0060), a page
 * of them at a time. Its route's loader and the published document (decision 0147) both read it.
 * Null when the public may not see the store (decision 0022: it answers like one that does not exist).
 */
export async function loadPostsPage(
  input: { url: URL; username: string; locale: Locale },
  stores: Pick<PublicStoreCache, "get" | "withDerived"> = publicStoreCache,
) {
  const db = getPublicDb();
  // Anything that is not a page number (junk, 0, a fraction) is the first page, whose address has no query.
  const page = parsePage(input.url.searchParams.get("page"));
  // A post dated in the future is not published yet: listPublicPosts shows none after today (Skopje's day).
  const today = skopjeDay(getClock().now());
  const read = (store: Store) =>
    listPublicPosts(db, store.id, today, POSTS_PAGE_SIZE, (page - 1) * POSTS_PAGE_SIZE);
  // The first page (the one every store page links) is held with the store (decision 0108): a post
  // moves the store's version (decision 0016), and the day is part of its name, so a post dated
  // tomorrow appears at midnight. Other pages are read each time: a crawler walking ?page= must not
  // fill memory.
  let found: { store: Store; value: Awaited<ReturnType<typeof read>> } | null;
  if (page === 1) {
    found = await stores.withDerived(db, input.username, `posts-page-1:${today}`, read);
  } else {
    const store = await stores.get(db, input.username);
    found = store && { store, value: await read(store) };
  }
  if (!found) return null;
  const { store } = found;
  const { posts, total } = found.value;
  const t = getFixedT(input.locale);
  return {
    store: { username: store.username, name: store.name },
    posts,
    total,
    page,
    pageSize: POSTS_PAGE_SIZE,
    title: t("store:news.pageTitle", { name: store.name }),
    description: t("store:news.pageDescription", { name: store.name }),
    canonical: `${storeAddress(store.username, getConfig().baseUrl)}/posts${page > 1 ? `?page=${page}` : ""}`,
  };
}
