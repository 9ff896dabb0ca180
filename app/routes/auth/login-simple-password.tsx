import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { passwordSignIn, typedEmail } from "~/auth/auth-actions.server";
import { FormAlert } from "~/components/form-alert";
import { Card } from "~/components/ui/card";
import { PasswordForm } from "~/features/account/components/auth-forms";
import { failureOf } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import { formObject } from "~/lib/form";
import { pageTitle } from "~/lib/page-title.server";
import { handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/login-simple-password";

// A plain e-mail + password form, reachable by URL and linked from nowhere.
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export function loader({ request }: Route.LoaderArgs) {
  return { title: pageTitle(request, "auth:login.title") };
}

export async function action({ request }: Route.ActionArgs) {
  const values = formObject(await request.formData());
  return handleAction(
    async () => {
      if (values.intent !== "password") throw new AppError("validation");
      return passwordSignIn(request, values);
    },
    { intent: "password", values: typedEmail(values) },
  );
}

export default function LoginSimplePassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  const errors = failed?.errors ?? {};
  return (
    <Card className="p-6">
      <h1 className="font-semibold text-2xl">{t("login.title")}</h1>
      <FormAlert message={errors.form} values={failed?.params} />
      <PasswordForm errors={errors} busy={busy} email={failed?.values?.email} />
    </Card>
  );
}
