import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { DeleteButton } from "~/components/delete-button";
import { Card } from "~/components/ui/card";
import { listPostImageChoices } from "~/features/my-images/my-images.server";
import { formValuesOf, PostForm } from "~/features/posts/components/post-form";
import { getPost, updatePost } from "~/features/posts/post.server";
import { savePostFromForm } from "~/features/posts/post-action.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { failureOf } from "~/lib/action-result";
import { orNotFound } from "~/lib/route-adapter.server";
import type { Route } from "./+types/post-edit";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const post = await orNotFound(getPost(ctx, params.postId));
  const t = getFixedT(requestLocale(request));
  const images = await listPostImageChoices(ctx);
  // The post's own image stays offered even when it is older than the newest ones listed.
  if (post.imageId && post.image && !images.some((image) => image.id === post.imageId))
    images.unshift({ id: post.imageId, thumbUrl: post.image.thumbUrl });
  return { title: `${t("posts:edit")} · Vitrina`, post, images };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  return savePostFromForm(
    ctx,
    await request.formData(),
    (input) => updatePost(ctx, params.postId, input),
    params.postId,
  );
}

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("posts");
  const { post, images } = loaderData;
  const failure = failureOf(actionData);
  const saved = {
    title: post.title,
    body: post.body,
    publishOn: post.publishOn,
    published: post.published,
    imageId: post.imageId ?? "",
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <Link to="/dashboard/posts" className="text-brand-700 text-sm hover:underline">
        ← {t("backToList")}
      </Link>
      <div className="mt-2 flex items-center justify-between gap-2">
        <h1 className="font-semibold text-2xl">{t("edit")}</h1>
        <DeleteButton
          idName="postId"
          id={post.id}
          label={t("delete", { title: post.title })}
          question={t("confirmDelete")}
        />
      </div>
      <Card className="mt-4 p-5 sm:p-6">
        <PostForm
          key={JSON.stringify(failure?.values ?? null)}
          values={formValuesOf(saved, failure?.values)}
          images={images}
          errors={failure?.errors}
          submitLabel={t("save")}
        />
      </Card>
    </div>
  );
}
