import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { requireOwnerStore } from "~/auth/guards.server";
import { FormAlert } from "~/components/form-alert";
import { Pagination } from "~/components/pagination";
import { Card } from "~/components/ui/card";
import { ImageCard } from "~/features/my-images/components/image-card";
import { ImageUploader } from "~/features/my-images/components/image-uploader";
import { StorageMeter } from "~/features/my-images/components/storage-meter";
import { listMyImages } from "~/features/my-images/my-images.server";
import { myImagesAction } from "~/features/my-images/my-images-action.server";
import { MY_IMAGES_FILES_PER_POST, MY_IMAGES_PAGE_SIZE } from "~/features/my-images/my-images-limits";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { failureOf } from "~/lib/action-result";
import { parsePage } from "~/lib/pagination";
import type { Route } from "./+types/r2-images";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const t = getFixedT(requestLocale(request));
  return { title: `${t("myImages:title")} · Vitrina`, page, ...(await listMyImages(ctx, page)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  return myImagesAction(ctx, await request.formData(), getFixedT(requestLocale(request)));
}

export default function MyImages({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("myImages");
  const { images, total, storage, page } = loaderData;
  const failure = failureOf(actionData);
  const outcomes = (actionData?.ok && "outcomes" in actionData ? actionData.outcomes : undefined) ?? [];

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok && actionData.message)
      toast.success(t(actionData.message, { count: "uploaded" in actionData ? actionData.uploaded : 1 }));
    if (!actionData.ok)
      toast.error(t(actionData.errors.form ?? Object.values(actionData.errors)[0]!, actionData.params));
  }, [actionData, t]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <h1 className="font-semibold text-2xl">{t("title")}</h1>
      <p className="text-gray-600 text-sm">{t("intro")}</p>
      <StorageMeter used={storage.used} limit={storage.limit} />
      <ImageUploader maxFiles={MY_IMAGES_FILES_PER_POST} />
      <FormAlert message={failure?.errors.form ?? failure?.errors.files} values={failure?.params} />
      {outcomes.some((outcome) => outcome.error) ? (
        <ul role="alert" className="mt-3 rounded-md bg-amber-50 p-3 text-amber-900 text-sm">
          {outcomes
            .filter((outcome) => outcome.error)
            .map((outcome, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a static list of one answer; two files may share a name.
              <li key={`${index}-${outcome.file}`}>
                {outcome.file}: {t(outcome.error!, outcome.params)}
              </li>
            ))}
        </ul>
      ) : null}
      {images.length === 0 ? (
        <Card className="mt-6 p-8 text-center">
          <p className="font-medium">{t("empty.title")}</p>
          <p className="mt-1 text-gray-600 text-sm">{t("empty.text")}</p>
        </Card>
      ) : (
        <ul
          aria-label={t("gridLabel")}
          className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6"
        >
          {images.map((image) => (
            <ImageCard key={image.id} image={image} />
          ))}
        </ul>
      )}
      <Pagination page={page} total={total} pageSize={MY_IMAGES_PAGE_SIZE} />
    </div>
  );
}
