import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { Card } from "~/components/ui/card";
import { listPostImageChoices } from "~/features/my-images/my-images.server";
import { formValuesOf, PostForm } from "~/features/posts/components/post-form";
import { createPost } from "~/features/posts/post.server";
import { savePostFromForm } from "~/features/posts/post-action.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { failureOf } from "~/lib/action-result";
import { skopjeDay } from "~/lib/calendar";
import { getClock } from "~/lib/clock.server";
import type { Route } from "./+types/post-new";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const t = getFixedT(requestLocale(request));
  return {
    title: `${t("posts:new")} · Vitrina`,
    today: skopjeDay(getClock().now()),
    images: await listPostImageChoices(ctx),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  return savePostFromForm(ctx, await request.formData(), (input) => createPost(ctx, input));
}

export default function NewPost({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("posts");
  const failure = failureOf(actionData);
  const empty = { title: "", body: "", publishOn: loaderData.today, published: true, imageId: "" };
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <Link to="/dashboard/posts" className="text-brand-700 text-sm hover:underline">
        ← {t("backToList")}
      </Link>
      <h1 className="mt-2 font-semibold text-2xl">{t("new")}</h1>
      <Card className="mt-4 p-5 sm:p-6">
        <PostForm
          key={JSON.stringify(failure?.values ?? null)}
          values={formValuesOf(empty, failure?.values)}
          images={loaderData.images}
          errors={failure?.errors}
          submitLabel={t("create")}
        />
      </Card>
    </div>
  );
}
