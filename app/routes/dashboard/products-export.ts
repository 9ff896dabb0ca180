import { requireOwnerStore } from "~/auth/guards.server";
import { hasLimitedPromotions } from "~/features/export/other-promotions.server";
import {
  exportFields,
  hasArticleCodes,
  hasPointOfSaleRows,
  openExport,
} from "~/features/export/product-export.server";
import { productCsvStream } from "~/features/export/product-export-csv.server";
import { productXlsxStream } from "~/features/export/product-export-xlsx.server";
import { promotionDay } from "~/features/promotions/price-in-effect.server";
import { requestLocale } from "~/i18n/i18n.server";
import { skopjeTime } from "~/lib/dates";
import { asResponse, handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/products-export";

const TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

/**
 * GET /dashboard/products/export?format=csv|xlsx: the signed-in owner's products with the columns
 * the import reads, headers in the owner's language. An empty store answers 'No data to export'.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx, store } = await requireOwnerStore(context);
  const locale = requestLocale(request);
  const format = new URL(request.url).searchParams.get("format") === "xlsx" ? "xlsx" : "csv";
  const answer = await handleAction(
    async () => {
      const pages = await openExport(ctx);
      // The Albanian columns when the store enables Albanian content.
      // The point-of-sale column when some point of sale has its own prices, and the
      // discount's points of sale when some promotion is limited to some (decision 0105).
      const fields = exportFields(
        store.albanianContent,
        await hasPointOfSaleRows(ctx),
        await hasLimitedPromotions(ctx, promotionDay()),
        await hasArticleCodes(ctx),
      );
      const body =
        format === "xlsx"
          ? productXlsxStream(pages, locale, fields)
          : productCsvStream(pages, locale, fields);
      return new Response(body, {
        headers: {
          "Content-Type": TYPES[format],
          "Content-Disposition": `attachment; filename="products-${skopjeDay()}.${format}"`,
          "Cache-Control": "no-store",
        },
      });
    },
    { fallback: "exportFailed", headers: { "Cache-Control": "no-store" } },
  );
  return asResponse(answer);
}

function skopjeDay(): string {
  const now = skopjeTime(new Date());
  return `${now.year}-${String(now.month).padStart(2, "0")}-${String(now.day).padStart(2, "0")}`;
}
