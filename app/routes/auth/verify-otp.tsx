import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { verifyOtpSchema } from "~/auth/auth.schema";
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
import type { Route } from "./+types/verify-otp";

// Spec §2: only while a sign-in code is pending (the one-time-code guard).
export const middleware: Route.MiddlewareFunction[] = [guards.oneTimeCode];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  const flow = context.get(pendingFlowContext)!;
  const t = getFixedT(requestLocale(request));
  return { title: `${t("auth:verify.title")} · Vitrina`, email: flow.email, cooldown: cooldownLeft(flow) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const flow = context.get(pendingFlowContext)!;
  const form = await request.formData();
  if (form.get("intent") === "resend") {
    if (cooldownLeft(flow) > 0) return formError("errors:codeResendFailed", 429);
    const response = await callAuth(request, "/email-otp/send-verification-otp", {
      email: flow.email,
      type: "sign-in",
    });
    if (!response.ok) return failure(response, "errors:codeResendFailed");
    return data(
      { errors: {}, resent: true },
      { headers: { "Set-Cookie": pendingFlowCookie({ ...flow, sentAt: Date.now() }) } },
    );
  }
  const parsed = verifyOtpSchema.safeParse(formObject(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const response = await callAuth(request, "/sign-in/email-otp", {
    email: flow.email,
    otp: parsed.data.otp,
    name: flow.email.split("@")[0],
    locale: requestLocale(request),
  });
  if (!response.ok) return failure(response, "errors:codeVerifyFailed");
  const headers = authCookies(response);
  headers.append("Set-Cookie", clearPendingFlowCookie());
  return redirect(POST_LOGIN_PATH, { headers });
}

export default function VerifyOtp({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <Card className="p-6">
      <h1 className="font-semibold text-2xl">{t("verify.title")}</h1>
      <p className="mt-1 text-gray-600 text-sm">{t("verify.subtitle", { email: loaderData.email })}</p>
      <FormAlert message={errors.form} />
      {actionData && "resent" in actionData ? (
        <p role="status" className="mt-4 rounded-md bg-brand-50 p-3 text-brand-900 text-sm">
          {t("code.resent")}
        </p>
      ) : null}
      <Form method="post" className="mt-5 flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="verify" />
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
          {t("verify.submit")}
        </Button>
      </Form>
      <ResendButton seconds={loaderData.cooldown} busy={busy} />
      <p className="mt-3 text-center text-sm">
        <Link to="/auth/login?mode=code" className="text-gray-600 hover:underline">
          {t("verify.otherEmail")}
        </Link>
      </p>
    </Card>
  );
}
