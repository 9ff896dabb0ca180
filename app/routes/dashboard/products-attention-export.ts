import { requireOwnerStore } from "~/auth/guards.server";
import { attentionExportFields, sheetNameOf } from "~/features/attention/attention-export.server";
import { needsAttention, presentIssues } from "~/features/compliance/compliance.server";
import { hasLimitedPromotions } from "~/features/export/other-promotions.server";
import {
  exportFields,
  hasArticleCodes,
  hasPointOfSaleRows,
  openExport,
} from "~/features/export/product-export.server";
import { productXlsxStream } from "~/features/export/product-export-xlsx.server";
import { promotionDay } from "~/features/promotions/price-in-effect.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { asResponse, handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/products-attention-export";

/**
 * GET /dashboard/products/attention/export: an .xlsx of exactly the products that need attention,
 * the columns the check names first, the sheet named in the owner's language (decision 0127). The
 * product import reads it back: its headers are the full export's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx, store } = await requireOwnerStore(context);
  const locale = requestLocale(request);
  const answer = await handleAction(
    async () => {
      const pages = await openExport(ctx, needsAttention());
      const fields = attentionExportFields(
        exportFields(
          store.albanianContent,
          await hasPointOfSaleRows(ctx),
          await hasLimitedPromotions(ctx, promotionDay()),
          await hasArticleCodes(ctx),
        ),
        await presentIssues(ctx),
      );
      const sheet = sheetNameOf(getFixedT(locale)("compliance:grid.sheet"));
      return new Response(productXlsxStream(pages, locale, fields, sheet), {
        headers: {
          "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "Content-Disposition": 'attachment; filename="needs-attention.xlsx"',
          "Cache-Control": "no-store",
        },
      });
    },
    { fallback: "exportFailed", headers: { "Cache-Control": "no-store" } },
  );
  return asResponse(answer);
}
