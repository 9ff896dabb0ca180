import { redirect } from "react-router";
import { CLIENT_IP_HEADER } from "~/auth/auth.server";
import { getDb } from "~/db/db.server";
import { confirmCardPayment } from "~/features/billing/card-payment.server";
import { cpayVerify } from "~/features/billing/cpay.server";
import { getClock } from "~/features/confirmation/clock.server";
import { getConfig } from "~/lib/config.server";
import { flashHeaders } from "~/lib/flash.server";
import { formObject } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { asResponse, handleAction, notFound } from "~/lib/route-adapter.server";
import type { Route } from "./+types/billing-cpay";

const RESULTS = ["ok", "fail", "notify"];

/** cPay sends one notification per payment and a payer returns once: 30 a minute is far above either. */
const answersPerClient = createRateLimiter({ limit: 30, windowMs: 60_000 });

/**
 * POST /api/billing/cpay/ok|fail: cPay's answer, posted by the payer's browser from cPay's page;
 * POST /api/billing/cpay/notify: cPay's server-to-server notification of a successful payment,
 * which arrives even when the payer closed the tab (issue 16, decision 0067). No session is
 * needed: only fields signed with the merchant's key are believed; a bad checksum is refused and
 * logged, and a repeated answer records nothing twice.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const settings = getConfig().cpay;
  const result = params.result ?? "";
  if (!settings || !RESULTS.includes(result)) notFound();
  // Before the checksum: a stranger's flood costs an MD5 and a log line each, so it is capped.
  if (!answersPerClient.allow(request.headers.get(CLIENT_IP_HEADER) ?? "")) {
    return new Response("Too Many Requests", { status: 429, headers: { "Retry-After": "60" } });
  }
  const posted = formObject(await request.formData());
  const fields = cpayVerify(posted, settings.secret);
  if (!fields)
    logger.warn(
      { result, order: posted.Details2?.slice(0, 64), cpayRef: posted.cPayPaymentRef?.slice(0, 64) },
      "cPay answer with a bad checksum: refused",
    );
  const answer = await handleAction(async () => {
    if (!fields) return Response.json({ ok: false, errors: { form: "errors:validation" } }, { status: 400 });
    if (result === "fail")
      return redirect("/dashboard/settings/billing", {
        headers: flashHeaders("billing:card.failed", "error"),
      });
    await confirmCardPayment(getDb(), fields, getClock().now(), settings.merchantId);
    // cPay's server wants a plain 200; the payer's browser goes back to the billing page.
    if (result === "notify") return new Response("OK", { headers: { "Content-Type": "text/plain" } });
    return redirect("/dashboard/settings/billing", { headers: flashHeaders("billing:card.paid") });
  });
  return asResponse(answer);
}

export function loader() {
  return notFound();
}
