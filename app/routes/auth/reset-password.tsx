import { useTranslation } from "react-i18next";
import { data, redirect, useNavigation } from "react-router";
import { newPasswordFormSchema, verifyOtpSchema } from "~/auth/auth.schema";
import { cooldownLeft, failure, formError } from "~/auth/auth-actions.server";
import { authCookies, callAuth } from "~/auth/auth-call.server";
import { clearPendingFlowCookie, pendingFlowCookie } from "~/auth/pending-flow.server";
import { guards, pendingFlowContext } from "~/auth/route-guards.server";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { AuthForm, NewPasswordFields } from "~/features/account/components/auth-fields";
import { CodeEntryCard } from "~/features/account/components/code-entry";
import { fieldErrors, formObject } from "~/lib/form";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import { POST_LOGIN_PATH } from "~/navigation/rules";
import type { Route } from "./+types/reset-password";

// Spec §2: only while a reset is pending (the reset-password guard).
export const middleware: Route.MiddlewareFunction[] = [guards.resetPassword];

export const meta: Route.MetaFunction = titleMeta;

export function loader({ request, context }: Route.LoaderArgs) {
  const flow = context.get(pendingFlowContext)!;
  return {
    title: pageTitle(request, "auth:reset.title"),
    email: flow.email,
    step: flow.otp ? ("password" as const) : ("code" as const),
    cooldown: cooldownLeft(flow),
  };
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
      { headers: { "Set-Cookie": pendingFlowCookie({ ...flow, otp: undefined, sentAt: Date.now() }) } },
    );
  }
  if (intent === "code") {
    const parsed = verifyOtpSchema.safeParse(formObject(form));
    if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
    const response = await callAuth(request, "/email-otp/check-verification-otp", {
      email: flow.email,
      type: "forget-password",
      otp: parsed.data.otp,
    });
    if (!response.ok) return failure(response, "errors:codeVerifyFailed");
    return redirect("/auth/reset-password", {
      headers: { "Set-Cookie": pendingFlowCookie({ ...flow, otp: parsed.data.otp }) },
    });
  }
  if (intent === "password" && flow.otp) {
    const parsed = newPasswordFormSchema.safeParse(formObject(form));
    if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
    const reset = await callAuth(request, "/email-otp/reset-password", {
      email: flow.email,
      otp: flow.otp,
      password: parsed.data.password,
    });
    if (!reset.ok) {
      // The code was used up or expired meanwhile: start again from the code step.
      return data(
        { errors: { form: reset.status === 429 ? "errors:rateLimited" : "errors:resetPasswordFailed" } },
        { status: 400, headers: { "Set-Cookie": pendingFlowCookie({ ...flow, otp: undefined }) } },
      );
    }
    // Then signed in: a fresh session with the new password.
    const signIn = await callAuth(request, "/sign-in/email", {
      email: flow.email,
      password: parsed.data.password,
    });
    const headers = signIn.ok ? authCookies(signIn) : new Headers();
    headers.append("Set-Cookie", clearPendingFlowCookie());
    return redirect(signIn.ok ? POST_LOGIN_PATH : "/auth/login", { headers });
  }
  return formError("errors:resetPasswordFailed", 400);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = actionData?.errors ?? {};
  if (loaderData.step === "password") {
    return (
      <Card className="p-6">
        <h1 className="font-semibold text-2xl">{t("reset.newTitle")}</h1>
        <p className="mt-1 text-gray-600 text-sm">{t("reset.newSubtitle")}</p>
        <FormAlert message={errors.form} />
        <AuthForm intent="password">
          <input type="hidden" name="email" value={loaderData.email} autoComplete="username" />
          <NewPasswordFields errors={errors} passwordLabel={t("fields.newPassword")} />
          <Button type="submit" disabled={busy}>
            {t("reset.save")}
          </Button>
        </AuthForm>
      </Card>
    );
  }
  return <CodeEntryCard flow="reset" pending={loaderData} actionData={actionData} />;
}
