import { useTranslation } from "react-i18next";
import { data, Link, redirect, useNavigation } from "react-router";
import { emailOnlySchema } from "~/auth/auth.schema";
import { formError, rateLimited } from "~/auth/auth-actions.server";
import { callAuth } from "~/auth/auth-call.server";
import { pendingFlowCookie } from "~/auth/pending-flow.server";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { AuthForm, EmailField } from "~/features/account/components/auth-fields";
import { fieldErrors, formObject } from "~/lib/form";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = titleMeta;

export function loader({ request }: Route.LoaderArgs) {
  return { title: pageTitle(request, "auth:forgot.title") };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = emailOnlySchema.safeParse(formObject(await request.formData()));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const response = await callAuth(request, "/forget-password/email-otp", { email: parsed.data.email });
  if (response.status === 429) return rateLimited(response);
  if (!response.ok) return formError("errors:codeSendFailed", 400);
  // The same next step whether or not the address has an account: nothing is revealed.
  return redirect("/auth/reset-password", {
    headers: {
      "Set-Cookie": pendingFlowCookie({ kind: "reset", email: parsed.data.email, sentAt: Date.now() }),
    },
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values = (actionData as { formValues?: Record<string, number> } | undefined)?.formValues;
  return (
    <Card className="p-6">
      <h1 className="font-semibold text-2xl">{t("forgot.title")}</h1>
      <p className="mt-1 text-gray-600 text-sm">{t("forgot.subtitle")}</p>
      <FormAlert message={errors.form} values={values} />
      <AuthForm>
        <EmailField error={errors.email} />
        <Button type="submit" disabled={busy}>
          {busy ? t("code.sending") : t("code.send")}
        </Button>
      </AuthForm>
      <p className="mt-5 text-center text-sm">
        <Link to="/auth/login" className="font-medium text-brand-700 hover:underline">
          {t("forgot.back")}
        </Link>
      </p>
    </Card>
  );
}
