import { requireAdmin } from "~/auth/guards.server";
import { renderInvoicePdf } from "~/features/billing/invoice-pdf.server";
import { getPayment } from "~/features/billing/transactions.queries.server";
import { requestLocale } from "~/i18n/i18n.server";
import { getConfig } from "~/lib/config.server";
import { notFound } from "~/lib/route-adapter.server";
import type { Route } from "./+types/transaction-invoice";

/** GET /admin/transactions/:paymentId/invoice: any store's pro-forma invoice, for an admin only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireAdmin(context);
  const payment = await getPayment(db, params.paymentId);
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
