import { data } from "react-router";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Pagination } from "~/components/pagination";
import { storeAddress } from "~/features/domains/domain-directory.server";
import { PublicPostCard } from "~/features/posts/components/news-section";
import { listPublicPosts } from "~/features/posts/post.server";
import { loadPublicStorePage } from "~/features/stores/public-store-page.server";
import { useT } from "~/i18n/use-t";
import { skopjeDay } from "~/lib/calendar";
import { getClock } from "~/lib/clock.server";
import { getConfig } from "~/lib/config.server";
import { publicPageMeta } from "~/lib/page-title";
import { parsePage } from "~/lib/pagination";
import { loadAsDocument, STATIC_PAGE } from "~/shell/static-page";
import type { Route } from "./+types/store-posts";

// Decision 0128: sent as HTML without React in the browser, like the store's own page.
export const handle = STATIC_PAGE;

/** A client navigation to it loads it as a document. */
export const clientLoader = loadAsDocument;

const PAGE_SIZE = 10;

export const meta: Route.MetaFunction = publicPageMeta;

/** /{username}/posts: every published post of a public store, newest first (decision 0060). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, store, t } = await loadPublicStorePage(request, params.username);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const { posts, total } = await listPublicPosts(
    db,
    store.id,
    skopjeDay(getClock().now()),
    PAGE_SIZE,
    (page - 1) * PAGE_SIZE,
  );
  return data(
    {
      store: { username: store.username, name: store.name },
      posts,
      total,
      page,
      title: t("store:news.pageTitle", { name: store.name }),
      description: t("store:news.pageDescription", { name: store.name }),
      canonical: `${storeAddress(store.username, getConfig().baseUrl)}/posts${page > 1 ? `?page=${page}` : ""}`,
    },
    { headers: { "Cache-Control": "public, max-age=0, must-revalidate" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function StorePosts({ loaderData }: Route.ComponentProps) {
  const { t } = useT("store");
  const { store, posts, total, page } = loaderData;
  return (
    <div className="min-h-dvh bg-gray-50">
      <main className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="font-bold text-2xl text-gray-900">{t("news.pageTitle", { name: store.name })}</h1>
          <LanguageSwitcher />
        </div>
        <a href={`/${store.username}`} className="font-medium text-brand-800 text-sm underline">
          ← {t("news.backToPrices")}
        </a>
        {posts.length === 0 ? (
          <p className="rounded-xl border border-gray-200 bg-white p-6 text-center text-gray-700">
            {t("news.empty")}
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {posts.map((post) => (
              <li key={post.id}>
                <PublicPostCard post={post} />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} total={total} pageSize={PAGE_SIZE} />
      </main>
    </div>
  );
}
