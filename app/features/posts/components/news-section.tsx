import type { Locale } from "~/i18n/config";
import { useT } from "~/i18n/use-t";
import { formatDay } from "~/lib/dates";
import type { PublicPost } from "../post.server";
import { PostText } from "./post-text";

/** One post as a visitor sees it: date, title, image and text. */
export function PublicPostCard({ post, compact }: { post: PublicPost; compact?: boolean }) {
  const { i18n } = useT("store");
  return (
    <article id={`post-${post.id}`} className="flex gap-3 rounded-xl border border-gray-200 bg-white p-3">
      {post.image ? (
        <img
          src={post.image.thumbUrl}
          alt=""
          loading="lazy"
          decoding="async"
          width={compact ? 64 : 96}
          height={compact ? 64 : 96}
          className={
            compact ? "size-16 shrink-0 rounded-md object-cover" : "size-24 shrink-0 rounded-md object-cover"
          }
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="text-gray-600 text-xs">
          <time dateTime={post.publishOn}>{formatDay(post.publishOn, i18n.language as Locale)}</time>
        </p>
        <h3 className="break-words font-semibold text-gray-900">{post.title}</h3>
        {post.body ? (
          <PostText
            text={post.body}
            className={
              compact
                ? "mt-1 line-clamp-3 break-words text-gray-800 text-sm"
                : "mt-1 break-words text-gray-800"
            }
          />
        ) : null}
      </div>
    </article>
  );
}

/**
 * The public page's News (decision 0060): the newest three published posts, after the price list so
 * it never pushes the prices below the fold on a phone, with a link to all of them.
 */
export function NewsSection({ posts, allHref }: { posts: PublicPost[]; allHref: string }) {
  const { t } = useT("store");
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="news-title" className="mt-8">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="news-title" className="font-semibold text-gray-900 text-lg">
          {t("news.title")}
        </h2>
        <a href={allHref} className="font-medium text-brand-800 text-sm underline">
          {t("news.all")}
        </a>
      </div>
      <ul className="mt-3 grid gap-3 md:grid-cols-3">
        {posts.map((post) => (
          <li key={post.id}>
            <PublicPostCard post={post} compact />
          </li>
        ))}
      </ul>
    </section>
  );
}
