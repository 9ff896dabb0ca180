import { requireOwnerStore } from "~/auth/guards.server";
import { renderInvoicePdf } from "~/features/billing/invoice-pdf.server";
import { getStorePayment } from "~/features/billing/transactions.queries.server";
import { requestLocale } from "~/i18n/i18n.server";
import { getConfig } from "~/lib/config.server";
import { notFound } from "~/lib/route-adapter.server";
import type { Route } from "./+types/payment-invoice";

/** GET /dashboard/payment/invoice/:paymentId: the pro-forma invoice PDF of one of the owner's payments. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  // Another store's payment (or a malformed id) is not found: the id never reaches past ctx.storeId.
  const payment = await getStorePayment(ctx, params.paymentId);
  if (!payment) notFound();
  const pdf = await renderInvoicePdf(payment, getConfig().operator, requestLocale(request));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${payment.reference}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
