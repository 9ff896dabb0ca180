import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { Card } from "~/components/ui/card";
import { ImportImagesWalk } from "~/features/images/components/import-images-walk";
import { getImportImageStep, importImagesPath } from "~/features/images/import-images.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { orNotFound } from "~/lib/route-adapter.server";
import type { Route } from "./+types/product-import-images";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** /dashboard/products/import/:importId/images?i=N — another store's import is 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const index = Number(new URL(request.url).searchParams.get("i") ?? 0);
  const step = await orNotFound(getImportImageStep(ctx, params.importId, index));
  const t = getFixedT(requestLocale(request));
  return {
    title: `${t("products:importImages.title")} · Vitrina`,
    step,
    basePath: importImagesPath(params.importId),
  };
}

export default function ProductImportImages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("products");
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:px-6">
      <Link to="/dashboard/products" className="text-brand-700 text-sm hover:underline">
        ← {t("backToList")}
      </Link>
      <h1 className="mt-2 font-semibold text-2xl">{t("importImages.title")}</h1>
      <Card className="mt-4 p-5 sm:p-6">
        <ImportImagesWalk step={loaderData.step} basePath={loaderData.basePath} />
      </Card>
    </div>
  );
}
