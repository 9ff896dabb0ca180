import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { formError, passwordSignIn } from "~/auth/auth-actions.server";
import { FormAlert } from "~/components/form-alert";
import { Card } from "~/components/ui/card";
import { PasswordForm } from "~/features/account/components/auth-forms";
import { pageTitle } from "~/lib/page-title.server";
import type { Route } from "./+types/login-simple-password";

// Spec §2: a plain e-mail + password form, reachable by URL and linked from nowhere.
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export function loader({ request }: Route.LoaderArgs) {
  return { title: pageTitle(request, "auth:login.title") };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "password") return formError("errors:unexpected", 400);
  return passwordSignIn(request, form);
}

export default function LoginSimplePassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <Card className="p-6">
      <h1 className="font-semibold text-2xl">{t("login.title")}</h1>
      <FormAlert message={errors.form} />
      <PasswordForm errors={errors} busy={busy} />
    </Card>
  );
}
