import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { newPasswordFormSchema, verifyOtpSchema } from "~/auth/auth.schema";
import { cooldownLeft, failure, formError } from "~/auth/auth-actions.server";
import { authCookies, callAuth } from "~/auth/auth-call.server";
import { clearPendingFlowCookie, pendingFlowCookie } from "~/auth/pending-flow.server";
import { guards, pendingFlowContext } from "~/auth/route-guards.server";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { FormAlert } from "~/features/account/components/auth-modes";
import { ResendButton } from "~/features/account/components/resend-button";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { fieldErrors, formObject } from "~/lib/form";
import { POST_LOGIN_PATH } from "~/navigation/rules";
import type { Route } from "./+types/reset-password";

// Spec §2: only while a reset is pending (the reset-password guard).
export const middleware: Route.MiddlewareFunction[] = [guards.resetPassword];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  const flow = context.get(pendingFlowContext)!;
  const t = getFixedT(requestLocale(request));
  return {
    title: `${t("auth:reset.title")} · Vitrina`,
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
        <Form method="post" className="mt-5 flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="password" />
          <input type="hidden" name="email" value={loaderData.email} autoComplete="username" />
          <Field
            id="password"
            label={t("fields.newPassword")}
            error={errors.password}
            hint={t("register.passwordHint")}
          >
            <Input
              {...fieldControlProps("password", errors.password)}
              type="password"
              autoComplete="new-password"
              minLength={8}
              required
            />
          </Field>
          <Field id="confirmPassword" label={t("fields.confirmPassword")} error={errors.confirmPassword}>
            <Input
              {...fieldControlProps("confirmPassword", errors.confirmPassword)}
              type="password"
              autoComplete="new-password"
              required
            />
          </Field>
          <Button type="submit" disabled={busy}>
            {t("reset.save")}
          </Button>
        </Form>
      </Card>
    );
  }
  return (
    <Card className="p-6">
      <h1 className="font-semibold text-2xl">{t("reset.title")}</h1>
      <p className="mt-1 text-gray-600 text-sm">{t("reset.subtitle", { email: loaderData.email })}</p>
      <FormAlert message={errors.form} />
      {actionData && "resent" in actionData ? (
        <p role="status" className="mt-4 rounded-md bg-brand-50 p-3 text-brand-900 text-sm">
          {t("code.resent")}
        </p>
      ) : null}
      <Form method="post" className="mt-5 flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="code" />
        <Field id="otp" label={t("fields.code")} error={errors.otp}>
          <Input
            {...fieldControlProps("otp", errors.otp)}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            className="text-center font-mono text-2xl tracking-[0.5em]"
            required
          />
        </Field>
        <Button type="submit" disabled={busy}>
          {t("reset.check")}
        </Button>
      </Form>
      <ResendButton seconds={loaderData.cooldown} busy={busy} />
      <p className="mt-3 text-center text-sm">
        <Link to="/auth/forgot-password" className="text-gray-600 hover:underline">
          {t("verify.otherEmail")}
        </Link>
      </p>
    </Card>
  );
}
