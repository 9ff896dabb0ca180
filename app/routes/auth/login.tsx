import { useTranslation } from "react-i18next";
import { Link, useNavigation, useSearchParams } from "react-router";
import {
  googleEnabled,
  passwordSignIn,
  requestSignInCode,
  startGoogle,
  typedEmail,
} from "~/auth/auth-actions.server";
import { FormAlert } from "~/components/form-alert";
import { Card } from "~/components/ui/card";
import { ModeBody } from "~/features/account/components/auth-forms";
import { GoogleButton, ModeTabs, parseMode } from "~/features/account/components/auth-modes";
import { failureOf } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import { formObject } from "~/lib/form";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import { handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = titleMeta;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    title: pageTitle(request, "auth:login.title"),
    google: googleEnabled(),
    // Google's callback comes back here with ?error=… when it went wrong.
    error: url.searchParams.get("error") ? "errors:loginFailed" : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const values = formObject(await request.formData());
  const intent = values.intent ?? "";
  return handleAction(
    async () => {
      if (intent === "code") return requestSignInCode(request, values);
      if (intent === "google") return startGoogle(request);
      if (intent === "password") return passwordSignIn(request, values);
      throw new AppError("validation");
    },
    { intent, values: typedEmail(values) },
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const [search] = useSearchParams();
  const mode = parseMode(search.get("mode"));
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  const errors = failed?.errors ?? {};
  return (
    <Card className="p-6">
      <h1 className="font-semibold text-2xl">{t("login.title")}</h1>
      <p className="mt-1 text-gray-600 text-sm">{t("login.subtitle")}</p>
      <ModeTabs mode={mode} path="/auth/login" />
      <FormAlert message={errors.form ?? loaderData.error ?? undefined} values={failed?.params} />
      <ModeBody mode={mode} errors={errors} busy={busy} email={failed?.values?.email} />
      {mode === "password" ? (
        <p className="mt-3 text-right text-sm">
          <Link to="/auth/forgot-password" className="font-medium text-brand-700 hover:underline">
            {t("login.forgot")}
          </Link>
        </p>
      ) : null}
      {loaderData.google ? <GoogleButton /> : null}
      <p className="mt-5 text-center text-gray-600 text-sm">
        {t("login.noAccount")}{" "}
        <Link to="/auth/register" className="font-medium text-brand-700 hover:underline">
          {t("login.registerLink")}
        </Link>
      </p>
    </Card>
  );
}
