import { data, redirect } from "react-router";
import { resetPasswordFormSchema } from "~/auth/auth.schema";
import { cooldownLeft, failure, formError } from "~/auth/auth-actions.server";
import { authCookies, callAuth } from "~/auth/auth-call.server";
import { clearPendingFlowCookie, pendingFlowCookie } from "~/auth/pending-flow.server";
import { guards, pendingFlowContext } from "~/auth/route-guards.server";
import { CodeEntryCard } from "~/features/account/components/code-entry";
import { fieldErrors, formObject } from "~/lib/form";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import { POST_LOGIN_PATH } from "~/navigation/rules";
import type { Route } from "./+types/reset-password";

// Spec §2: only while a reset is pending (the reset-password guard). The code and the new password
// are sent together, in the one step that uses the code: there is no separate check that could be
// raced apart from it (issue 11 §2).
export const middleware: Route.MiddlewareFunction[] = [guards.resetPassword];

export const meta: Route.MetaFunction = titleMeta;

export function loader({ request, context }: Route.LoaderArgs) {
  const flow = context.get(pendingFlowContext)!;
  return { title: pageTitle(request, "auth:reset.title"), email: flow.email, cooldown: cooldownLeft(flow) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const flow = context.get(pendingFlowContext)!;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "resend") {
    if (cooldownLeft(flow) > 0) return formError("errors:codeResendFailed", 429);
    const response = await callAuth(request, "/forget-password/email-otp", { email: flow.email });
    if (!response.ok) return failure(response, "errors:codeResendFailed");
    return data(
      { errors: {}, resent: true },
      { headers: { "Set-Cookie": pendingFlowCookie({ ...flow, sentAt: Date.now() }) } },
    );
  }
  if (intent !== "reset") return formError("errors:resetPasswordFailed", 400);
  const parsed = resetPasswordFormSchema.safeParse(formObject(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const reset = await callAuth(request, "/email-otp/reset-password", {
    email: flow.email,
    otp: parsed.data.otp,
    password: parsed.data.password,
  });
  if (!reset.ok) return failure(reset, "errors:codeVerifyFailed");
  // Then signed in: a fresh session with the new password.
  const signIn = await callAuth(request, "/sign-in/email", {
    email: flow.email,
    password: parsed.data.password,
  });
  const headers = signIn.ok ? authCookies(signIn) : new Headers();
  headers.append("Set-Cookie", clearPendingFlowCookie());
  return redirect(signIn.ok ? POST_LOGIN_PATH : "/auth/login", { headers });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <CodeEntryCard flow="reset" pending={loaderData} actionData={actionData} />;
}
