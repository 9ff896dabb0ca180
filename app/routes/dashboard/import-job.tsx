import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { Card } from "~/components/ui/card";
import { ImagesStep } from "~/features/import/components/images-step";
import { ImportSteps } from "~/features/import/components/import-steps";
import { MappingStep } from "~/features/import/components/mapping-step";
import { PreviewStep } from "~/features/import/components/preview-step";
import { ProgressStep } from "~/features/import/components/progress-step";
import { ResultStep } from "~/features/import/components/result-step";
import { importJobAction } from "~/features/import/import-action.server";
import { importPage } from "~/features/import/import-page.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { formErrorOf } from "~/lib/action-result";
import { handleAction, orNotFound } from "~/lib/route-adapter.server";
import type { Route } from "./+types/import-job";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const t = getFixedT(requestLocale(request));
  const step = new URL(request.url).searchParams.get("step");
  const page = await orNotFound(importPage(ctx, params.importId, step));
  return { title: `${t("import:title")} · Vitrina`, page };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const form = await request.formData();
  return handleAction(() => importJobAction(ctx, params.importId, form), {
    fallback: "importFailed",
    notFoundPage: true,
  });
}

export default function ImportJobPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("import");
  const { page } = loaderData;
  const busy = useNavigation().state === "submitting";
  const error = formErrorOf(actionData);
  const current = page.step === "result" ? "progress" : page.step;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <Link to="/dashboard/products" className="text-brand-700 text-sm hover:underline">
        ← {t("backToProducts")}
      </Link>
      <h1 className="mt-2 font-semibold text-2xl">{t("title")}</h1>
      <p className="break-words text-gray-600 text-sm">
        {t("fileSummary", { name: page.fileName, count: page.totalRows })}
      </p>
      <ImportSteps current={current} />
      <Card className="mt-4 p-4 sm:p-6">
        {page.step === "map" ? <MappingStep {...page} error={error} busy={busy} /> : null}
        {page.step === "preview" ? <PreviewStep {...page} error={error} /> : null}
        {page.step === "images" ? <ImagesStep id={page.id} busy={busy} error={error} /> : null}
        {page.step === "progress" ? <ProgressStep {...page} /> : null}
        {page.step === "result" ? <ResultStep {...page} /> : null}
      </Card>
    </div>
  );
}
