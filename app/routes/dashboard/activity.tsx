import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { Card } from "~/components/ui/card";
import { listActivity } from "~/features/activity/activity-list.server";
import { ACTIVITY_PAGE_SIZE, parseActivityFilters } from "~/features/activity/activity-params";
import { ActivityFilters } from "~/features/activity/components/activity-filters";
import { ActivityTable } from "~/features/activity/components/activity-table";
import { ExportButton } from "~/features/activity/components/export-button";
import { listCategories } from "~/features/categories/category.queries.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { isAppError } from "~/lib/app-error";
import { logger } from "~/lib/logger.server";
import { parsePage } from "~/lib/pagination";
import type { Route } from "./+types/activity";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const url = new URL(request.url);
  const filters = parseActivityFilters(url.searchParams);
  const page = parsePage(url.searchParams.get("page"));
  const t = getFixedT(requestLocale(request));
  const categories = await listCategories(ctx.db, ctx.storeId);
  try {
    const { rows, total } = await listActivity(ctx, filters, page, ACTIVITY_PAGE_SIZE);
    return { title: `${t("activity:title")} · Vitrina`, rows, total, page, filters, categories, error: null };
  } catch (error) {
    if (!isAppError(error)) throw error;
    logger.error({ err: error.cause ?? error, code: error.code }, "activity list failed");
    // 'Failed to fetch activity logs': the page stays usable and says what went wrong.
    return {
      title: `${t("activity:title")} · Vitrina`,
      rows: [],
      total: 0,
      page,
      filters,
      categories,
      error: error.messageKey,
    };
  }
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("activity");
  const location = useLocation();
  const { rows, total, page, filters, categories, error } = loaderData;
  const filtered = Object.values(filters).some(Boolean);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl">{t("title")}</h1>
          <p className="text-gray-600 text-sm">
            {t("intro")} {t("count", { count: total })}
          </p>
        </div>
        <ExportButton href={`/dashboard/activity/export${location.search}`} />
      </div>
      <ActivityFilters key={location.search} filters={filters} categories={categories} />
      {error ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-700 text-sm">
          {t(error)}
        </p>
      ) : rows.length === 0 ? (
        <Card className="mt-4 p-8 text-center">
          <p className="font-medium">{filtered ? t("empty.noMatches") : t("empty.title")}</p>
          {filtered ? null : <p className="mt-1 text-gray-600 text-sm">{t("empty.text")}</p>}
        </Card>
      ) : (
        <>
          <ActivityTable rows={rows} />
          <Pagination page={page} total={total} pageSize={ACTIVITY_PAGE_SIZE} />
        </>
      )}
    </div>
  );
}
