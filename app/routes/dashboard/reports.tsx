import { CheckCheck } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { toast } from "sonner";
import { requireOwnerStore } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { listReports, type ReportFilter, resolveReport } from "~/features/reports/report.server";
import type { Locale } from "~/i18n/config";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { failureMessageOf } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import { getClock } from "~/lib/clock.server";
import { cn } from "~/lib/cn";
import { formatDate, formatDateTime } from "~/lib/dates";
import { parsePage } from "~/lib/pagination";
import { handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/reports";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const url = new URL(request.url);
  const status: ReportFilter = url.searchParams.get("status") === "resolved" ? "resolved" : "new";
  const page = parsePage(url.searchParams.get("page"));
  const list = await listReports(ctx, { status, page });
  const t = getFixedT(requestLocale(request));
  return {
    title: `${t("compliance:reports.title")} · Vitrina`,
    status,
    page,
    ...list,
    rows: list.rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  return handleAction(
    async () => {
      if (intent !== "resolve") throw new AppError("validation");
      await resolveReport(ctx, String(form.get("reportId") ?? ""), getClock().now());
      return { message: "compliance:reports.flashResolved" };
    },
    { intent },
  );
}

export default function Reports({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("compliance");
  const locale = i18n.language as Locale;
  const { rows, status, page, total, pageSize } = loaderData;
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast.success(t(actionData.message));
    else toast.error(t(failureMessageOf(actionData)));
  }, [actionData, t]);
  return (
    <div className="flex flex-col gap-4 p-4 md:p-6">
      <div>
        <h1 className="font-semibold text-2xl">{t("reports.title")}</h1>
        <p className="text-gray-600 text-sm">{t("reports.intro")}</p>
      </div>
      <nav aria-label={t("reports.filter.label")} className="flex gap-2">
        {(["new", "resolved"] as const).map((value) => (
          <Link
            key={value}
            to={value === "new" ? "?" : "?status=resolved"}
            aria-current={status === value ? "page" : undefined}
            className={cn(
              "rounded-full border px-3 py-1 font-medium text-sm",
              status === value
                ? "border-brand-600 bg-brand-600 text-white"
                : "border-gray-300 bg-white text-gray-700",
            )}
          >
            {t(`reports.filter.${value}`)}
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <Card className="p-6 text-center text-gray-600">{t(`reports.empty.${status}`)}</Card>
      ) : (
        <ul className="flex flex-col gap-3">
          {rows.map((row) => (
            <li key={row.id}>
              <Card className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <h2 className="font-medium wrap-anywhere">
                    {row.productId ? (
                      <Link
                        to={`/dashboard/products/${row.productId}`}
                        className="text-brand-700 hover:underline"
                      >
                        {row.productName}
                      </Link>
                    ) : (
                      <>
                        {row.productName}{" "}
                        <span className="text-gray-500 text-sm">({t("reports.deletedProduct")})</span>
                      </>
                    )}
                  </h2>
                  <p className="mt-1 flex flex-wrap gap-1.5">
                    <span className="sr-only">{t("reports.reasons")}:</span>
                    {row.reasons.map((reason) => (
                      <span
                        key={reason}
                        className={cn(
                          "rounded-full px-2 py-0.5 font-medium text-xs",
                          reason === "price" ? "bg-red-50 text-red-800" : "bg-gray-100 text-gray-700",
                        )}
                      >
                        {t(`reasons.${reason}`)}
                      </span>
                    ))}
                  </p>
                  <p className="mt-2 whitespace-pre-line break-words text-gray-800 text-sm">
                    {row.description || <span className="text-gray-500">{t("reports.noDescription")}</span>}
                  </p>
                  <p className="mt-2 text-gray-500 text-xs">
                    {t("reports.when")}:{" "}
                    <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, locale)}</time>
                    {row.resolvedAt
                      ? ` · ${t("reports.resolvedOn", { date: formatDate(row.resolvedAt, locale) })}`
                      : ""}
                  </p>
                </div>
                {row.status === "new" ? (
                  <Form method="post" className="shrink-0">
                    <input type="hidden" name="intent" value="resolve" />
                    <input type="hidden" name="reportId" value={row.id} />
                    <Button type="submit" variant="outline" size="sm">
                      <CheckCheck aria-hidden className="size-4" />
                      {t("reports.resolve")}
                    </Button>
                  </Form>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} total={total} pageSize={pageSize} />
    </div>
  );
}
