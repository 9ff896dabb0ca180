import { LanguageSwitcher } from "~/components/language-switcher";
import { Pagination } from "~/components/pagination";
import { PublicPostCard } from "~/features/posts/components/news-section";
import type { PostsPageData } from "~/features/posts/posts-page.server";
import { useT } from "~/i18n/use-t";

/** /{username}/posts, as its route and its published document (decision 0147) both render it. */
export function PostsPageView({ data }: { data: PostsPageData }) {
  const { t } = useT("store");
  const { store, posts, total, page, pageSize } = data;
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
        <Pagination page={page} total={total} pageSize={pageSize} />
      </main>
    </div>
  );
}
