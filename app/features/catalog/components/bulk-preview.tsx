import type * as React from "react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import type { Locale } from "~/i18n/config";
import { formatMoney } from "~/lib/money";

export type BulkPreviewData = {
  preview: {
    selected: number;
    changed: number;
    skipped: number;
    failed: number;
    examples: { name: string; oldPriceCents: number; newPriceCents: number }[];
    plan: string;
  };
  stale: boolean;
  /** The bulk request as it was posted, to post again with the preview's digest. */
  request: { action: string; value: string; scope: "ids" | "all"; ids: string[]; query: string };
};

/**
 * A confirm step's form: the bulk request as it was posted, again, with the digest of what the owner
 * was shown; the confirm button, or why there is nothing to confirm; and Cancel.
 */
export function ConfirmStepForm({
  request,
  plan,
  confirm,
  nothing,
  children,
}: {
  request: { action: string; scope: "ids" | "all"; ids: string[]; query: string };
  plan: string;
  /** The confirm button; null when nothing would change. */
  confirm: React.ReactNode;
  nothing: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("products");
  const location = useLocation();
  return (
    <Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="intent" value="bulk" />
      <input type="hidden" name="action" value={request.action} />
      <input type="hidden" name="scope" value={request.scope} />
      <input type="hidden" name="query" value={request.query} />
      <input type="hidden" name="plan" value={plan} />
      {request.scope === "ids"
        ? request.ids.map((id) => <input key={id} type="hidden" name="ids" value={id} />)
        : null}
      {children}
      {confirm ?? <p className="font-medium">{nothing}</p>}
      <Link to={`${location.pathname}${location.search}`} className={buttonVariants({ variant: "outline" })}>
        {t("bulk.preview.cancel")}
      </Link>
    </Form>
  );
}

/**
 * Decision 0032: what a bulk price change will do, before anything is written. The action serves
 * it, so it works without JavaScript; "Confirm" posts the same request with the preview's digest,
 * and the server applies exactly this plan or shows the new one.
 */
export function BulkPreview({ data }: { data: BulkPreviewData }) {
  const { t, i18n } = useTranslation("products");
  const locale = i18n.language as Locale;
  const busy = useNavigation().state === "submitting";
  const heading = useRef<HTMLHeadingElement>(null);
  const { preview, request, stale } = data;

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const change =
    request.action === "pricePercent"
      ? t("bulk.preview.percent", { value: request.value })
      : t("bulk.preview.amount", { value: request.value });

  return (
    <section
      aria-labelledby="bulk-preview-title"
      className="mt-4 grid gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm shadow-sm"
    >
      <h2
        id="bulk-preview-title"
        ref={heading}
        tabIndex={-1}
        className="font-semibold text-base outline-none"
      >
        {t("bulk.preview.title")}
      </h2>
      {stale ? (
        <p role="alert" className="rounded-md bg-amber-50 p-2 text-amber-900">
          {t("bulk.preview.stale")}
        </p>
      ) : null}
      <p>
        <span className="font-medium">{change}</span>{" "}
        {t("bulk.preview.changed", { count: preview.changed, selected: preview.selected })}
      </p>
      {preview.examples.length > 0 ? (
        <div className="grid gap-1">
          <p className="font-medium">{t("bulk.preview.examples")}</p>
          <ul className="grid gap-1">
            {preview.examples.map((example) => (
              <li
                key={`${example.name}-${example.oldPriceCents}`}
                className="flex flex-wrap justify-between gap-x-3 rounded-md bg-white px-3 py-1.5"
              >
                <span className="min-w-0 break-words [overflow-wrap:anywhere]">{example.name}</span>
                <span className="whitespace-nowrap tabular-nums">
                  <span className="text-gray-600">{formatMoney(example.oldPriceCents, locale)}</span>
                  <span aria-hidden> → </span>
                  <span className="sr-only"> {t("bulk.preview.to")} </span>
                  <span className="font-medium">{formatMoney(example.newPriceCents, locale)}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview.skipped > 0 ? <p>{t("bulk.preview.skipped", { count: preview.skipped })}</p> : null}
      {preview.failed > 0 ? <p>{t("bulk.preview.failed", { count: preview.failed })}</p> : null}
      <p className="text-gray-700">{t("bulk.preview.rounding")}</p>
      <ConfirmStepForm
        request={request}
        plan={preview.plan}
        nothing={t("bulk.preview.nothing")}
        confirm={
          preview.changed > 0 ? (
            <Button type="submit" disabled={busy}>
              {t("bulk.preview.confirm", { count: preview.changed })}
            </Button>
          ) : null
        }
      >
        <input type="hidden" name="value" value={request.value} />
      </ConfirmStepForm>
    </section>
  );
}
