import { useTranslation } from "react-i18next";
import { Link, redirect, useNavigation } from "react-router";
import { emailOnlySchema } from "~/auth/auth.schema";
import { authError, typedEmail } from "~/auth/auth-actions.server";
import { callAuth } from "~/auth/auth-call.server";
import { pendingFlowCookie } from "~/auth/pending-flow.server";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { AuthForm, EmailField } from "~/features/account/components/auth-fields";
import { failureOf } from "~/lib/action-result";
import { formObject } from "~/lib/form";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = titleMeta;

export function loader({ request }: Route.LoaderArgs) {
  return { title: pageTitle(request, "auth:forgot.title") };
}

export async function action({ request }: Route.ActionArgs) {
  const values = formObject(await request.formData());
  return handleAction(
    async () => {
      const { email } = parseForm(emailOnlySchema, values);
      const response = await callAuth(request, "/forget-password/email-otp", { email });
      if (!response.ok) throw authError(response, "codeSendFailed");
      // The same next step whether or not the address has an account: nothing is revealed.
      return redirect("/auth/reset-password", {
        headers: { "Set-Cookie": pendingFlowCookie({ kind: "reset", email, sentAt: Date.now() }) },
      });
    },
    { values: typedEmail(values) },
  );
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  const errors = failed?.errors ?? {};
  return (
    <Card className="p-6">
      <h1 className="font-semibold text-2xl">{t("forgot.title")}</h1>
      <p className="mt-1 text-gray-600 text-sm">{t("forgot.subtitle")}</p>
      <FormAlert message={errors.form} values={failed?.params} />
      <AuthForm>
        <EmailField error={errors.email} defaultValue={failed?.values?.email} />
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
