import { requireOwnerStore } from "~/auth/guards.server";
import { exportActivityCsv } from "~/features/activity/activity-export.server";
import { parseActivityFilters } from "~/features/activity/activity-params";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { skopjeTime } from "~/lib/dates";
import { asResponse, handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/activity-export";

/** GET /dashboard/activity/export?<the activity page's filters>: the filtered rows as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const locale = requestLocale(request);
  const t = getFixedT(locale);
  const filters = parseActivityFilters(new URL(request.url).searchParams);
  const answer = await handleAction(
    async () => {
      const csv = await exportActivityCsv(ctx, filters, t, locale);
      const now = skopjeTime(new Date());
      const day = `${now.year}-${String(now.month).padStart(2, "0")}-${String(now.day).padStart(2, "0")}`;
      return new Response(csv, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="activity-${day}.csv"`,
          "Cache-Control": "no-store",
        },
      });
    },
    { fallback: "exportFailed", headers: { "Cache-Control": "no-store" } },
  );
  return asResponse(answer);
}
