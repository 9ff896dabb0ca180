import { redirect } from "react-router";
import { AppError } from "~/lib/app-error";
import { getClock } from "~/lib/clock.server";
import { flashHeaders } from "~/lib/flash.server";
import { formObject } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { StoreContext } from "~/lib/service-context";
import { choosePlanSchema, customPlanSchema } from "./billing.schema";
import { getBillingOverview, requestCustomPlan } from "./billing.server";
import { paymentView, stateView } from "./billing-view";
import { choosePlan } from "./payment.server";
import { getStorePayment } from "./transactions.queries.server";

// What /dashboard/settings/billing, /dashboard/payment and /dashboard/payment/change share: the
// loader's data (or "Failed to load billing") and the two forms' actions, so the routes
// stay thin and never import from one another.

export async function loadBillingPage(ctx: StoreContext) {
  try {
    const overview = await getBillingOverview(ctx, getClock().now());
    return {
      failed: false as const,
      state: stateView(overview.state),
      inactive: overview.inactive,
      method: overview.method,
      pending: overview.pending ? paymentView(overview.pending) : null,
      payments: overview.payments.map(paymentView),
      methods: overview.methods,
    };
  } catch (error) {
    logger.error({ err: error, storeId: ctx.storeId }, "billing not loaded");
    return { failed: true as const };
  }
}

/** What the payer back from cPay sees (decision 0117): paid once cPay's notification recorded it. */
export type CardReturn = "confirming" | "paid";

/**
 * The card payment the payer came back from (`?card=<paymentId>`, set by /api/billing/cpay/ok):
 * "confirming" while it is pending, "paid" once recorded; null for anything else, another store's
 * payment included.
 */
export async function cardReturnStatus(ctx: StoreContext, request: Request): Promise<CardReturn | null> {
  const paymentId = new URL(request.url).searchParams.get("card");
  if (!paymentId) return null;
  const row = await getStorePayment(ctx, paymentId);
  if (row?.method !== "card") return null;
  if (row.status === "paid") return "paid";
  return row.status === "pending" ? "confirming" : null;
}

/** The payment pages' action: "choose" creates a pending payment; "custom" e-mails the operator. */
export async function billingAction(ctx: StoreContext, request: Request, intents: ("choose" | "custom")[]) {
  const values = formObject(await request.formData());
  const intent = String(values.intent ?? "");
  return handleAction(
    async () => {
      if (intent === "choose" && intents.includes("choose")) {
        const chosen = await choosePlan(ctx, parseForm(choosePlanSchema, values), getClock().now());
        if (chosen.start.kind === "invoice")
          return redirect("/dashboard/settings/billing", {
            headers: flashHeaders("billing:choose.created"),
          });
        // A card: the page posts the provider's fields to its hosted payment page.
        return { provider: chosen.start };
      }
      if (intent === "custom" && intents.includes("custom")) {
        await requestCustomPlan(ctx, parseForm(customPlanSchema, values), getClock().now());
        return { message: "billing:custom.sent", sent: true };
      }
      throw new AppError("validation");
    },
    { intent, values, fallback: intent === "custom" ? "contactSendFailed" : "paymentFailed" },
  );
}
