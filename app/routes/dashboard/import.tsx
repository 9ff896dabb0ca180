import { FileUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigation } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ImportSteps } from "~/features/import/components/import-steps";
import { IMPORT_MAX_ROWS } from "~/features/import/file-options";
import { createImport, getActiveImport } from "~/features/import/import-job.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { formErrorOf } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import { handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/import";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const t = getFixedT(requestLocale(request));
  const active = await getActiveImport(ctx);
  return { title: `${t("import:title")} · Vitrina`, activeId: active?.id ?? null };
}

/** Step 1: the file is read, kept as a temp file and offered a mapping (decision 0033). */
export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  return handleAction(
    async () => {
      const file = (await request.formData()).get("file");
      // An empty file is refused by createImport, where it counts against the hourly limit.
      if (!(file instanceof File)) throw new AppError("importEmpty");
      const job = await createImport(ctx, {
        fileName: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
      });
      return redirect(`/dashboard/products/import/${job.id}`);
    },
    { fallback: "importFailed" },
  );
}

export default function ImportUpload({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("import");
  const busy = useNavigation().state === "submitting";
  const error = formErrorOf(actionData);
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <Link to="/dashboard/products" className="text-brand-700 text-sm hover:underline">
        ← {t("backToProducts")}
      </Link>
      <h1 className="mt-2 font-semibold text-2xl">{t("title")}</h1>
      <ImportSteps current="upload" />
      {loaderData.activeId ? (
        <p className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900 text-sm" role="status">
          {t("upload.running")}{" "}
          <Link to={`/dashboard/products/import/${loaderData.activeId}`} className="underline">
            {t("upload.showRunning")}
          </Link>
        </p>
      ) : null}
      <Card className="mt-4 p-5 sm:p-6">
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4">
          <div>
            <label htmlFor="file" className="font-medium text-gray-800 text-sm">
              {t("upload.file")}
            </label>
            <input
              id="file"
              name="file"
              type="file"
              required
              accept=".csv,.txt,.tsv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby={error ? "file-error" : "file-hint"}
              aria-invalid={error ? true : undefined}
              className="mt-1.5 block w-full rounded-md border border-gray-300 bg-white p-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-brand-700"
            />
            {error ? (
              <p id="file-error" className="mt-1.5 text-red-600 text-sm" role="alert">
                {t(error, { max: IMPORT_MAX_ROWS })}
              </p>
            ) : (
              <p id="file-hint" className="mt-1.5 text-gray-500 text-xs">
                {t("upload.hint", { rows: IMPORT_MAX_ROWS.toLocaleString("de-DE") })}
              </p>
            )}
          </div>
          <ul className="list-disc space-y-1 pl-5 text-gray-600 text-sm">
            <li>{t("upload.tipColumns")}</li>
            <li>{t("upload.tipTemplate")}</li>
            <li>{t("upload.tipPointsOfSale")}</li>
            <li>{t("upload.tipAlbanian")}</li>
            <li>{t("upload.tipEncoding")}</li>
          </ul>
          <div>
            <Button type="submit" disabled={busy}>
              <FileUp aria-hidden className="size-4" />
              {busy ? t("upload.reading") : t("upload.submit")}
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
