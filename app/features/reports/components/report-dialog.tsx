import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { REPORT_DESCRIPTION_MAX, REPORT_REASON_VALUES } from "~/features/reports/report-constants";
import type { ActionResult } from "~/lib/action-result";

export type ReportActionData = ActionResult;

/**
 * The report-product dialog. Opened by a link (?report=<id>) and posted as a plain form to the store
 * page's action, so it works without JavaScript; the page's inline script makes it modal (decision
 * 0128, store-page-script.ts).
 */
export function ReportDialog({
  product,
  closeHref,
  result,
}: {
  product: { id: string; name: string };
  closeHref: string;
  result?: ReportActionData;
}) {
  const { t } = useTranslation("compliance");
  const outcome = result;
  const errors = outcome && !outcome.ok ? outcome.errors : {};
  const typed = outcome && !outcome.ok ? outcome.values : undefined;
  const chosen = new Set((typed?.reasons ?? "").split(","));
  return (
    <>
      {/* The dimmed page behind the dialog, with or without JavaScript. */}
      <div data-testid="report-backdrop" aria-hidden className="fixed inset-0 z-40 bg-gray-950/50" />
      <dialog
        open
        data-report=""
        aria-labelledby="report-title"
        className="fixed inset-0 z-50 m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100%-2rem))] overflow-y-auto rounded-xl border border-gray-200 bg-white p-5 text-gray-900 shadow-xl backdrop:bg-transparent"
      >
        <h2 id="report-title" className="font-semibold text-lg wrap-anywhere">
          {t("report.title", { product: product.name })}
        </h2>
        {outcome?.ok ? (
          <div className="mt-4 flex flex-col gap-4">
            <p role="status" className="text-brand-800">
              {t("report.thanks")}
            </p>
            <a href={closeHref} data-close="" className={buttonVariants({ variant: "outline" })}>
              {t("report.close")}
            </a>
          </div>
        ) : (
          <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
            <input type="hidden" name="productId" value={product.id} />
            {/* Honeypot: hidden from people and from assistive technology; bots fill it. */}
            <div aria-hidden="true" className="-left-[9999px] absolute h-px w-px overflow-hidden">
              <label>
                {t("report.honeypot")}
                <input type="text" name="website" tabIndex={-1} autoComplete="off" />
              </label>
            </div>
            <fieldset aria-describedby={errors.reasons ? "report-reasons-error" : undefined}>
              <legend className="font-medium text-sm">{t("report.reasonsLegend")}</legend>
              <div className="mt-2 flex flex-wrap gap-4">
                {REPORT_REASON_VALUES.map((reason) => (
                  <label key={reason} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="reasons"
                      value={reason}
                      defaultChecked={chosen.has(reason)}
                      className="size-4 accent-brand-600"
                    />
                    {t(`reasons.${reason}`)}
                  </label>
                ))}
              </div>
              {errors.reasons ? (
                <p id="report-reasons-error" role="alert" className="mt-1 text-red-600 text-sm">
                  {t(errors.reasons)}
                </p>
              ) : null}
            </fieldset>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="report-description" className="font-medium text-sm">
                {t("report.descriptionLabel")}
              </label>
              <Textarea
                id="report-description"
                name="description"
                maxLength={REPORT_DESCRIPTION_MAX}
                rows={4}
                defaultValue={typed?.description}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={errors.description ? "report-description-error" : "report-description-hint"}
              />
              {errors.description ? (
                <p id="report-description-error" role="alert" className="text-red-600 text-sm">
                  {t(errors.description)}
                </p>
              ) : (
                <p id="report-description-hint" className="text-gray-600 text-xs">
                  {t("report.descriptionHint")}
                </p>
              )}
            </div>
            {errors.form ? (
              <p role="alert" className="text-red-600 text-sm">
                {t(errors.form)}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <a href={closeHref} data-close="" className={buttonVariants({ variant: "outline" })}>
                {t("report.cancel")}
              </a>
              <Button type="submit">{t("report.submit")}</Button>
            </div>
          </Form>
        )}
      </dialog>
    </>
  );
}
