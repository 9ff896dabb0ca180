import { redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { confirmCardPayment } from "~/features/billing/card-payment.server";
import { cpayVerify } from "~/features/billing/cpay.server";
import { getClock } from "~/features/confirmation/clock.server";
import { getConfig } from "~/lib/config.server";
import { flashHeaders } from "~/lib/flash.server";
import { formObject } from "~/lib/form";
import { asResponse, handleAction, notFound } from "~/lib/route-adapter.server";
import type { Route } from "./+types/billing-cpay";

/**
 * POST /api/billing/cpay/ok|fail: cPay's answer, posted by the payer's browser from cPay's page
 * (issue 16). No session is needed: only fields signed with the merchant's key are believed.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const settings = getConfig().cpay;
  if (!settings || (params.result !== "ok" && params.result !== "fail")) notFound();
  const fields = cpayVerify(formObject(await request.formData()), settings.secret);
  const answer = await handleAction(async () => {
    if (!fields) return Response.json({ ok: false, errors: { form: "errors:validation" } }, { status: 400 });
    if (params.result === "fail")
      return redirect("/dashboard/settings/billing", {
        headers: flashHeaders("billing:card.failed", "error"),
      });
    await confirmCardPayment(getDb(), fields, getClock().now());
    return redirect("/dashboard/settings/billing", { headers: flashHeaders("billing:card.paid") });
  });
  return asResponse(answer);
}

export function loader() {
  return notFound();
}
