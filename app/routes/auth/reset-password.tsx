import { redirect } from "react-router";
import { resetPasswordFormSchema } from "~/auth/auth.schema";
import { authError, cooldownLeft, resendCode } from "~/auth/auth-actions.server";
import { authCookies, callAuth } from "~/auth/auth-call.server";
import { clearPendingFlowCookie } from "~/auth/pending-flow.server";
import { guards, pendingFlowContext } from "~/auth/route-guards.server";
import { CodeEntryCard } from "~/features/account/components/code-entry";
import { AppError } from "~/lib/app-error";
import { formObject } from "~/lib/form";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import { POST_LOGIN_PATH } from "~/navigation/rules";
import type { Route } from "./+types/reset-password";

// Shown only while a reset is pending (the reset-password guard). The code and the new password
// are sent together, in the one step that uses the code: there is no separate check that could be
// raced apart from it.
export const middleware: Route.MiddlewareFunction[] = [guards.resetPassword];

export const meta: Route.MetaFunction = titleMeta;

export function loader({ request, context }: Route.LoaderArgs) {
  const flow = context.get(pendingFlowContext)!;
  return { title: pageTitle(request, "auth:reset.title"), email: flow.email, cooldown: cooldownLeft(flow) };
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
      if (values.intent !== "reset") throw new AppError("resetPasswordFailed");
      const { otp, password } = parseForm(resetPasswordFormSchema, values);
      const reset = await callAuth(request, "/email-otp/reset-password", {
        email: flow.email,
        otp,
        password,
      });
      if (!reset.ok) throw authError(reset, "codeVerifyFailed");
      // Then signed in: a fresh session with the new password.
      const signIn = await callAuth(request, "/sign-in/email", { email: flow.email, password });
      const headers = signIn.ok ? authCookies(signIn) : new Headers();
      headers.append("Set-Cookie", clearPendingFlowCookie());
      return redirect(signIn.ok ? POST_LOGIN_PATH : "/auth/login", { headers });
    },
    { intent: "reset" },
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <CodeEntryCard flow="reset" pending={loaderData} actionData={actionData} />;
}
