import { requireAdmin } from "~/auth/guards.server";
import { parseWaitlistFilters } from "~/features/admin/admin-params";
import { exportWaitlistCsv } from "~/features/waitlist/waitlist.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { skopjeDay } from "~/lib/calendar";
import { asResponse, handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/waitlist-export";

/** GET /admin/waitlist/export?q=…: the (filtered) waitlist as a formula-safe CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = requireAdmin(context);
  const t = getFixedT(requestLocale(request));
  const filters = parseWaitlistFilters(new URL(request.url).searchParams);
  const answer = await handleAction(
    async () => {
      const csv = await exportWaitlistCsv(db, filters, (column) => t(`admin:waitlist.columns.${column}`));
      return new Response(csv, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="waitlist-${skopjeDay(new Date())}.csv"`,
          "Cache-Control": "no-store",
        },
      });
    },
    { fallback: "exportFailed", headers: { "Cache-Control": "no-store" } },
  );
  return asResponse(answer);
}
