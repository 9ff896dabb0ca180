import { requireOwnerStore } from "~/auth/guards.server";
import { skippedRowsCsv } from "~/features/import/skipped-csv.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { asResponse, handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/import-skipped";

/** GET /dashboard/products/import/:importId/skipped.csv: the rows an import skipped, with reasons. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const t = getFixedT(requestLocale(request));
  const answer = await handleAction(
    async () =>
      new Response(await skippedRowsCsv(ctx, params.importId, t), {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": 'attachment; filename="skipped-rows.csv"',
          "Cache-Control": "no-store",
        },
      }),
    { fallback: "exportFailed", headers: { "Cache-Control": "no-store" } },
  );
  return asResponse(answer);
}
