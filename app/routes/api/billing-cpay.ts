import { redirect } from "react-router";
import { CLIENT_IP_HEADER } from "~/auth/auth.server";
import { getDb } from "~/db/db.server";
import { confirmCardPayment } from "~/features/billing/card-payment.server";
import { cpayVerify } from "~/features/billing/cpay.server";
import { getClock } from "~/lib/clock.server";
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
 * POST /api/billing/cpay/notify: cPay's server-to-server notification of a successful payment, the
 * only answer that records one (decisions 0067, 0117). POST /api/billing/cpay/ok: the payer's
 * browser back from cPay's page, which records nothing and only leads to the billing page, where
 * the payment shows "being confirmed" until the notification has arrived. POST
 * /api/billing/cpay/fail: the payer back after a refused card. No session is needed: only cPay's
 * signed return (cpayVerify) is believed; anything else is refused (400) and logged, and a
 * repeated notification records nothing twice.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const settings = getConfig().cpay;
  const result = params.result ?? "";
  if (!settings || !RESULTS.includes(result)) notFound();
  // Before the checksum: a stranger's flood costs an MD5 and a log line each, so it is capped.
  if (!answersPerClient.allow(request.headers.get(CLIENT_IP_HEADER) ?? "")) {
    return new Response("Too Many Requests", { status: 429, headers: { "Retry-After": "60" } });
  }
  // A failed payment changes nothing, so its answer needs no proof: the owner is told and may retry.
  if (result === "fail")
    return redirect("/dashboard/settings/billing", {
      status: 303,
      headers: flashHeaders("billing:card.failed", "error"),
    });
  const posted = formObject(await request.formData());
  const fields = cpayVerify(posted, settings.secret);
  if (!fields)
    logger.warn(
      { result, order: posted.Details2?.slice(0, 64), cpayRef: posted.cPayPaymentRef?.slice(0, 64) },
      "cPay answer that is not cPay's signed return: refused",
    );
  const answer = await handleAction(async () => {
    if (!fields) return Response.json({ ok: false, errors: { form: "errors:validation" } }, { status: 400 });
    if (result === "ok") {
      // The browser's copy of the answer proves nothing the notification does not; it never pays.
      const query = new URLSearchParams({ card: fields.Details2 });
      return redirect(`/dashboard/settings/billing?${query}`, { status: 303 });
    }
    await confirmCardPayment(getDb(), fields, getClock().now(), settings.merchantId);
    // cPay's server wants a plain 200.
    return new Response("OK", { headers: { "Content-Type": "text/plain" } });
  });
  return asResponse(answer);
}

export function loader() {
  return notFound();
}
