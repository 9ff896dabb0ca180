import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { getDb } from "~/db/db.server";
import { UsernameField } from "~/features/stores/components/username-field";
import { onboardingSchema } from "~/features/stores/store.schema";
import { createStore } from "~/features/stores/store.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { isAppError } from "~/lib/app-error";
import { getConfig } from "~/lib/config.server";
import { type FieldErrors, fieldErrors, formObject } from "~/lib/form";
import { suggestUsername } from "~/lib/slug";
import { POST_LOGIN_PATH } from "~/navigation/rules";
import type { Route } from "./+types/onboarding";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context);
  const t = getFixedT(requestLocale(request));
  return { title: `${t("onboarding:title")} · Vitrina`, rootDomain: getConfig().rootDomain };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const parsed = onboardingSchema.safeParse(formObject(await request.formData()));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  try {
    await createStore(getDb(), user.id, parsed.data);
  } catch (error) {
    if (isAppError(error) && error.code === "usernameUnavailable") {
      return data({ errors: { username: "errors:usernameUnavailable" } as FieldErrors }, { status: 409 });
    }
    console.error(error);
    return data({ errors: { form: "errors:setupFailed" } as FieldErrors }, { status: 500 });
  }
  return redirect(POST_LOGIN_PATH);
}

export default function Onboarding({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("onboarding");
  const [storeName, setStoreName] = useState("");
  const [username, setUsername] = useState("");
  const [usernameEdited, setUsernameEdited] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? actionData?.errors ?? {};
  const busy = useNavigation().state === "submitting";

  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50 to-gray-50">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Logo />
        <LanguageSwitcher />
      </header>
      <main className="mx-auto max-w-lg px-4 pt-4 pb-16">
        <Card className="p-6">
          <h1 className="font-semibold text-2xl">{t("title")}</h1>
          <p className="mt-1 text-gray-600 text-sm">{t("subtitle")}</p>
          {errors.form ? (
            <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-700 text-sm">
              {t(errors.form)}
            </p>
          ) : null}
          <Form
            method="post"
            noValidate
            className="mt-5 flex flex-col gap-4"
            onSubmit={(event) => {
              const parsed = onboardingSchema.safeParse(formObject(new FormData(event.currentTarget)));
              setClientErrors(parsed.success ? null : fieldErrors(parsed.error));
              if (!parsed.success) event.preventDefault();
            }}
          >
            <Field id="storeName" label={t("fields.storeName")} error={errors.storeName}>
              <Input
                {...fieldControlProps("storeName", errors.storeName)}
                value={storeName}
                onChange={(event) => {
                  setStoreName(event.target.value);
                  if (!usernameEdited) setUsername(suggestUsername(event.target.value));
                }}
                maxLength={100}
                autoComplete="organization"
                required
              />
            </Field>
            <UsernameField
              value={username}
              onChange={(value) => {
                setUsernameEdited(true);
                setUsername(value);
              }}
              error={errors.username}
              rootDomain={loaderData.rootDomain}
            />
            <Field id="phone" label={t("fields.phone")} error={errors.phone} hint={t("phoneHint")}>
              <Input
                {...fieldControlProps("phone", errors.phone)}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="071 234 567"
                required
              />
            </Field>
            <label className="flex items-center gap-2 text-gray-700 text-sm">
              <input
                type="checkbox"
                name="phonePublic"
                defaultChecked
                className="size-4 rounded border-gray-300 accent-brand-600"
              />
              {t("fields.phonePublic")}
            </label>
            <Field id="companyName" label={t("fields.companyName")} error={errors.companyName}>
              <Input {...fieldControlProps("companyName", errors.companyName)} maxLength={255} required />
            </Field>
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? t("submitting") : t("submit")}
            </Button>
          </Form>
        </Card>
      </main>
    </div>
  );
}
