import { redirect } from "react-router";
import { verifyOtpSchema } from "~/auth/auth.schema";
import { authError, cooldownLeft, resendCode } from "~/auth/auth-actions.server";
import { authCookies, callAuth } from "~/auth/auth-call.server";
import { clearPendingFlowCookie } from "~/auth/pending-flow.server";
import { guards, pendingFlowContext } from "~/auth/route-guards.server";
import { CodeEntryCard } from "~/features/account/components/code-entry";
import { requestLocale } from "~/i18n/i18n.server";
import { formObject } from "~/lib/form";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import { POST_LOGIN_PATH } from "~/navigation/rules";
import type { Route } from "./+types/verify-otp";

// Shown only while a sign-in code, or the proof of an address (decision 0019), is pending.
export const middleware: Route.MiddlewareFunction[] = [guards.oneTimeCode];

export const meta: Route.MetaFunction = titleMeta;

export function loader({ request, context }: Route.LoaderArgs) {
  const flow = context.get(pendingFlowContext)!;
  const proof = flow.kind === "verify";
  return {
    title: pageTitle(request, proof ? "auth:confirm.title" : "auth:verify.title"),
    email: flow.email,
    cooldown: cooldownLeft(flow),
    proof,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const flow = context.get(pendingFlowContext)!;
  const values = formObject(await request.formData());
  if (values.intent === "resend") {
    const headers = new Headers();
    return handleAction(() => resendCode(request, flow, headers), { intent: "resend", headers });
  }
  return handleAction(
    async () => {
      const { otp } = parseForm(verifyOtpSchema, values);
      // The proof of an address signs in too (autoSignInAfterVerification); a new account then
      // goes on to onboarding through the navigation rules.
      const response =
        flow.kind === "verify"
          ? await callAuth(request, "/email-otp/verify-email", { email: flow.email, otp })
          : await callAuth(request, "/sign-in/email-otp", {
              email: flow.email,
              otp,
              name: flow.email.split("@")[0],
              locale: requestLocale(request),
            });
      if (!response.ok) throw authError(response, "codeVerifyFailed");
      const headers = authCookies(response);
      headers.append("Set-Cookie", clearPendingFlowCookie());
      return redirect(POST_LOGIN_PATH, { headers });
    },
    { intent: "verify" },
  );
}

export default function VerifyOtp({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CodeEntryCard
      flow={loaderData.proof ? "confirm" : "verify"}
      pending={loaderData}
      actionData={actionData}
    />
  );
}
