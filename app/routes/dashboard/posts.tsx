import { Eye, EyeOff, Pencil, SquarePen } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { toast } from "sonner";
import { requireOwnerStore } from "~/auth/guards.server";
import { DeleteButton } from "~/components/delete-button";
import { Pagination } from "~/components/pagination";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { POSTS_PAGE_SIZE } from "~/features/posts/post.schema";
import { listPosts } from "~/features/posts/post.server";
import { postsListAction } from "~/features/posts/post-action.server";
import type { Locale } from "~/i18n/config";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { skopjeDay } from "~/lib/calendar";
import { getClock } from "~/lib/clock.server";
import { formatDay } from "~/lib/dates";
import { parsePage } from "~/lib/pagination";
import type { Route } from "./+types/posts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx, store } = await requireOwnerStore(context);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const t = getFixedT(requestLocale(request));
  return {
    title: `${t("posts:title")} · Vitrina`,
    page,
    username: store.username,
    today: skopjeDay(getClock().now()),
    ...(await listPosts(ctx, page)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  return postsListAction(ctx, await request.formData());
}

export default function Posts({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("posts");
  const { posts, total, page, today, username } = loaderData;

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok && actionData.message) toast.success(t(actionData.message));
    if (!actionData.ok) toast.error(t(actionData.errors.form ?? "errors:unexpected"));
  }, [actionData, t]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="font-semibold text-2xl">{t("title")}</h1>
        <Link to="/dashboard/posts/new" className={buttonVariants()}>
          <SquarePen aria-hidden className="size-4" />
          {t("new")}
        </Link>
      </div>
      <p className="text-gray-600 text-sm">
        {t("intro")}{" "}
        <a href={`/${username}/posts`} className="text-brand-800 underline" target="_blank" rel="noreferrer">
          {t("publicLink")}
        </a>
      </p>
      {posts.length === 0 ? (
        <Card className="mt-6 p-8 text-center">
          <p className="font-medium">{t("empty.title")}</p>
          <p className="mt-1 text-gray-600 text-sm">{t("empty.text")}</p>
        </Card>
      ) : (
        <ul aria-label={t("listLabel")} className="mt-4 flex flex-col gap-2">
          {posts.map((post) => {
            const state = !post.published ? "draft" : post.publishOn > today ? "scheduled" : "live";
            return (
              <li
                key={post.id}
                className="flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-sm"
              >
                {post.image ? (
                  <img
                    src={post.image.thumbUrl}
                    alt=""
                    className="size-12 shrink-0 rounded-md object-cover"
                  />
                ) : null}
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/dashboard/posts/${post.id}`}
                    className="block truncate font-medium hover:underline"
                  >
                    {post.title}
                  </Link>
                  <p className="text-gray-600 text-xs">
                    {formatDay(post.publishOn, i18n.language as Locale)} ·{" "}
                    <span className={state === "live" ? "text-brand-800" : "text-gray-600"}>
                      {t(`state.${state}`)}
                    </span>
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="postId" value={post.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={post.published ? "unpublish" : "publish"}
                    className="flex items-center gap-1 rounded-md px-2 py-2 font-medium text-gray-700 text-sm hover:bg-gray-100"
                  >
                    {post.published ? (
                      <EyeOff aria-hidden className="size-4" />
                    ) : (
                      <Eye aria-hidden className="size-4" />
                    )}
                    <span className="sr-only sm:not-sr-only">
                      {post.published ? t("unpublish") : t("publish")}
                    </span>
                    <span className="sr-only">: {post.title}</span>
                  </button>
                </Form>
                <Link
                  to={`/dashboard/posts/${post.id}`}
                  className="rounded-md p-2 text-gray-700 hover:bg-gray-100"
                  aria-label={t("editOne", { title: post.title })}
                >
                  <Pencil aria-hidden className="size-4" />
                </Link>
                <DeleteButton
                  idName="postId"
                  id={post.id}
                  label={t("delete", { title: post.title })}
                  question={t("confirmDelete")}
                />
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} total={total} pageSize={POSTS_PAGE_SIZE} />
    </div>
  );
}
