import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, redirect, useNavigation, useSearchParams } from "react-router";
import { registerSchema } from "~/auth/auth.schema";
import {
  googleEnabled,
  rateLimitError,
  requestSignInCode,
  startGoogle,
  typedEmail,
} from "~/auth/auth-actions.server";
import { callAuth } from "~/auth/auth-call.server";
import { pendingFlowCookie } from "~/auth/pending-flow.server";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { AuthForm, EmailField, NewPasswordFields } from "~/features/account/components/auth-fields";
import { CodeRequestForm } from "~/features/account/components/auth-forms";
import { GoogleButton, ModeTabs, parseMode } from "~/features/account/components/auth-modes";
import { requestLocale } from "~/i18n/i18n.server";
import { failureOf } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import { type FieldErrors, fieldErrors, formObject } from "~/lib/form";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = titleMeta;

export function loader({ request }: Route.LoaderArgs) {
  return { title: pageTitle(request, "auth:register.title"), google: googleEnabled() };
}

export async function action({ request }: Route.ActionArgs) {
  const values = formObject(await request.formData());
  const intent = values.intent ?? "password";
  return handleAction(
    async () => {
      // A code for a new address creates the account when it is entered.
      if (intent === "code") return requestSignInCode(request, values);
      if (intent === "google") return startGoogle(request);
      const { email, password } = parseForm(registerSchema, values);
      const response = await callAuth(request, "/sign-up/email", {
        email,
        password,
        name: email.split("@")[0],
        locale: requestLocale(request),
      });
      if (response.status === 429) throw rateLimitError(response);
      if (!response.ok) throw new AppError("registrationFailed");
      // Decision 0019: the address is proven with the code just mailed before onboarding starts.
      // A taken address gets the same next step (its owner is told by e-mail): nothing is revealed.
      return redirect("/auth/verify-otp", {
        headers: { "Set-Cookie": pendingFlowCookie({ kind: "verify", email, sentAt: Date.now() }) },
      });
    },
    { intent, values: typedEmail(values) },
  );
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const [search] = useSearchParams();
  const mode = parseMode(search.get("mode"));
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const failed = failureOf(actionData);
  const errors = clientErrors ?? failed?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  return (
    <Card className="p-6">
      <h1 className="font-semibold text-2xl">{t("register.title")}</h1>
      <p className="mt-1 text-gray-600 text-sm">{t("register.subtitle")}</p>
      <ModeTabs mode={mode} path="/auth/register" />
      <FormAlert message={errors.form} values={failed?.params} />
      {mode === "code" ? <CodeRequestForm errors={errors} busy={busy} email={failed?.values?.email} /> : null}
      {mode === "passkey" ? (
        <p className="mt-5 rounded-md bg-brand-50 p-3 text-brand-900 text-sm">
          {t("passkey.registerHint")}{" "}
          <Link to="/auth/register?mode=code" replace className="font-medium underline">
            {t("passkey.registerWithCode")}
          </Link>
        </p>
      ) : null}
      {mode === "password" ? (
        <AuthForm
          intent="password"
          onSubmit={(event) => {
            // The same schema as the server, so mistakes show before the round trip.
            const parsed = registerSchema.safeParse(formObject(new FormData(event.currentTarget)));
            setClientErrors(parsed.success ? null : fieldErrors(parsed.error));
            if (!parsed.success) event.preventDefault();
          }}
        >
          <EmailField error={errors.email} defaultValue={failed?.values?.email} />
          <NewPasswordFields errors={errors} passwordLabel={t("fields.password")} />
          <Button type="submit" disabled={busy}>
            {busy ? t("register.submitting") : t("register.submit")}
          </Button>
        </AuthForm>
      ) : null}
      {loaderData.google ? <GoogleButton /> : null}
      <p className="mt-5 text-center text-gray-600 text-sm">
        {t("register.haveAccount")}{" "}
        <Link to="/auth/login" className="font-medium text-brand-700 hover:underline">
          {t("register.loginLink")}
        </Link>
      </p>
    </Card>
  );
}
