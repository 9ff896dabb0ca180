import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";

export const ATTENTION_LINK = "/dashboard/products?attention=1";
/** The grid that fills what the check names, and the Excel route beside it (decision 0127). */
export const ATTENTION_GRID_LINK = "/dashboard/products/attention";
export const ATTENTION_EXPORT_LINK = "/dashboard/products/attention/export";
export const ATTENTION_IMPORT_LINK = "/dashboard/products/import";

/**
 * The dashboard's count of products that need attention, with a link to them (decision 0027); with
 * none, a plain word that the list is complete. A store without products yet hears neither: an
 * empty list is not a complete one.
 */
export function AttentionCount({ count, checked }: { count: number; checked: number }) {
  const { t } = useTranslation("compliance");
  if (count === 0) {
    if (checked === 0) return null;
    return (
      <p className="flex items-start gap-2 text-brand-800 text-sm" data-testid="attention-complete">
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
        <span>{t("check.complete")}</span>
      </p>
    );
  }
  return (
    <p className="flex items-start gap-2 text-amber-900 text-sm" data-testid="attention-count">
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
      {/* The link runs on after the text instead of taking a line of its own on a phone. */}
      <span>
        {t("check.count", { count })}{" "}
        <Link to={ATTENTION_LINK} className="whitespace-nowrap font-medium underline">
          {t("check.show")}
        </Link>{" "}
        ·{" "}
        <Link
          to={ATTENTION_GRID_LINK}
          className="whitespace-nowrap font-medium underline"
          data-testid="attention-grid-link"
        >
          {t("grid.open")}
        </Link>
        {/* The spreadsheet route is a laptop's: on a phone it waits on the grid's page, so the
            products stay on the first screen. */}
        <span className="max-md:hidden">
          {" "}
          · {/* A file download, not a page: a plain link. */}
          <a
            href={ATTENTION_EXPORT_LINK}
            download
            className="whitespace-nowrap font-medium underline"
            data-testid="attention-export-link"
          >
            {t("grid.export")}
          </a>{" "}
          ·{" "}
          <Link to={ATTENTION_IMPORT_LINK} className="whitespace-nowrap font-medium underline">
            {t("grid.import")}
          </Link>
        </span>
      </span>
    </p>
  );
}

/**
 * Asked after "yes" while products need attention: confirm anyway, or fix them first. A form and a
 * link, so it works before JavaScript loads.
 */
export function ConfirmAnyway({ count }: { count: number }) {
  const { t } = useTranslation("compliance");
  return (
    <section aria-labelledby="confirm-anyway" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="confirm-anyway" className="font-semibold text-gray-900 text-lg">
        {t("check.anywayQuestion", { count })}
      </h2>
      <p className="mt-1 text-gray-700 text-sm">{t("check.anywayHint")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" action="/dashboard/confirmation">
          <input type="hidden" name="anyway" value="1" />
          <Button type="submit" name="answer" value="yes">
            <CheckCircle2 aria-hidden className="size-4" />
            {t("check.anywayYes")}
          </Button>
        </Form>
        <Link to={ATTENTION_LINK} className={buttonVariants({ variant: "outline" })}>
          {t("check.anywayNo")}
        </Link>
      </div>
    </section>
  );
}
