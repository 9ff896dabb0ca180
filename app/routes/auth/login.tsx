import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { loginSchema } from "~/auth/auth.schema";
import { authCookies, callAuth } from "~/auth/auth-call.server";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { fieldErrors, formObject } from "~/lib/form";
import { POST_LOGIN_PATH } from "~/navigation/rules";
import type { Route } from "./+types/login";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function loader({ request }: Route.LoaderArgs) {
  const t = getFixedT(requestLocale(request));
  return { title: `${t("auth:login.title")} · Vitrina` };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = loginSchema.safeParse(formObject(await request.formData()));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const response = await callAuth(request, "/sign-in/email", parsed.data);
  if (!response.ok) {
    // One message whatever went wrong, so that nobody learns whether an e-mail is registered.
    const form = response.status === 429 ? "errors:rateLimited" : "errors:loginFailed";
    return data(
      { errors: { form } as Record<string, string> },
      { status: response.status === 429 ? 429 : 401 },
    );
  }
  return redirect(POST_LOGIN_PATH, { headers: authCookies(response) });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const errors = actionData?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  return (
    <Card className="p-6">
      <h1 className="font-semibold text-2xl">{t("login.title")}</h1>
      <p className="mt-1 text-gray-600 text-sm">{t("login.subtitle")}</p>
      {errors.form ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-700 text-sm">
          {t(errors.form)}
        </p>
      ) : null}
      <Form method="post" className="mt-5 flex flex-col gap-4" noValidate>
        <Field id="email" label={t("fields.email")} error={errors.email}>
          <Input {...fieldControlProps("email", errors.email)} type="email" autoComplete="email" required />
        </Field>
        <Field id="password" label={t("fields.password")} error={errors.password}>
          <Input
            {...fieldControlProps("password", errors.password)}
            type="password"
            autoComplete="current-password"
            required
          />
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? t("login.submitting") : t("login.submit")}
        </Button>
      </Form>
      <p className="mt-5 text-center text-gray-600 text-sm">
        {t("login.noAccount")}{" "}
        <Link to="/auth/register" className="font-medium text-brand-700 hover:underline">
          {t("login.registerLink")}
        </Link>
      </p>
    </Card>
  );
}
