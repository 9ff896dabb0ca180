import { data } from "react-router";
import { PostsPageView } from "~/features/posts/components/posts-page-view";
import { loadPostsPage, POSTS_PAGE_CACHE_CONTROL } from "~/features/posts/posts-page.server";
import { requestLocale } from "~/i18n/i18n.server";
import { publicPageMeta } from "~/lib/page-title";
import { loadAsDocument, STATIC_PAGE } from "~/shell/static-page";
import type { Route } from "./+types/store-posts";

// Decision 0128: sent as HTML without React in the browser, like the store's own page.
export const handle = STATIC_PAGE;

/** A client navigation to it loads it as a document. */
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = publicPageMeta;

/**
 * /{username}/posts. A signed-out visitor's GET is answered before React Router as a published
 * document (server/public-pages.ts, decision 0147); this route renders it for a signed-in visitor
 * and a view with a flash message, and answers the 404 of a store the public may not see.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await loadPostsPage({
    url: new URL(request.url),
    username: params.username,
    locale: requestLocale(request),
  });
  // Decision 0022: a store the public may not see answers like one that does not exist.
  if (!page) throw data(null, { status: 404 });
  return data(page, { headers: { "Cache-Control": POSTS_PAGE_CACHE_CONTROL } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function StorePosts({ loaderData }: Route.ComponentProps) {
  return <PostsPageView data={loaderData} />;
}
