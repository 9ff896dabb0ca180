import { Languages, User } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { LOCALE_STORAGE_KEY, LOCALES } from "~/i18n/config";
import { CodeInput, PasswordField } from "./auth-fields";
import { errorsOf, Outcome, Section, useResult } from "./settings-section";

export function LanguageSection({ locale }: { locale: string }) {
  const { t } = useTranslation("account");
  // A plain form: the answer reloads the page in the new language (works without JavaScript).
  return (
    <Section icon={<Languages aria-hidden className="size-5 text-gray-500" />} title={t("language.title")}>
      <form
        method="post"
        action="/dashboard/settings?index"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          const chosen = new FormData(event.currentTarget).get("locale");
          if (typeof chosen === "string") window.localStorage.setItem(LOCALE_STORAGE_KEY, chosen);
        }}
      >
        <input type="hidden" name="intent" value="locale" />
        <Field id="locale" label={t("language.label")} className="min-w-40">
          <select
            id="locale"
            name="locale"
            defaultValue={locale}
            className="h-10 rounded-md border border-gray-300 bg-white px-3 text-sm"
          >
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {t(`language.names.${l}`)}
              </option>
            ))}
          </select>
        </Field>
        <Button type="submit" variant="outline">
          {t("settings.save")}
        </Button>
      </form>
    </Section>
  );
}

/**
 * Name, and the e-mail address: a code goes to the new address (after the current password, when
 * the account has one) and the address changes only when that code is entered, so a stolen session alone
 * cannot move the account to another address.
 */
export function ProfileSection({
  name,
  email,
  hasPassword,
}: {
  name: string;
  email: string;
  hasPassword: boolean;
}) {
  const { t } = useTranslation("account");
  const nameFetcher = useFetcher();
  const emailFetcher = useFetcher();
  const nameResult = useResult(nameFetcher.data, "name");
  const emailResult = useResult(emailFetcher.data, "email", "confirmEmail");
  const nameErrors = errorsOf(nameResult);
  const errors = errorsOf(emailResult);
  // The code step stays open after a wrong code, until the address changed.
  const codeSentTo =
    (emailResult?.ok && emailResult.codeSentTo) ||
    (emailResult && !emailResult.ok && emailResult.intent === "confirmEmail"
      ? emailResult.values?.newEmail
      : "");
  return (
    <Section icon={<User aria-hidden className="size-5 text-gray-500" />} title={t("profile.title")}>
      <nameFetcher.Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="name" />
        <Field id="name" label={t("profile.name")} error={nameErrors.name} className="min-w-0 flex-1">
          <Input
            {...fieldControlProps("name", nameErrors.name)}
            defaultValue={name}
            autoComplete="name"
            maxLength={255}
          />
        </Field>
        <Button type="submit" variant="outline" disabled={nameFetcher.state !== "idle"}>
          {t("settings.save")}
        </Button>
      </nameFetcher.Form>
      <Outcome result={nameResult} />

      <emailFetcher.Form
        method="post"
        className="mt-6 flex flex-col gap-3 border-gray-100 border-t pt-5"
        noValidate
      >
        <h3 className="font-medium">{t("email.title")}</h3>
        <p className="break-words text-gray-600 text-sm">{t("email.current", { email })}</p>
        <input type="hidden" name="intent" value={codeSentTo ? "confirmEmail" : "email"} />
        <Field id="newEmail" label={t("email.new")} error={errors.newEmail}>
          <Input
            {...fieldControlProps("newEmail", errors.newEmail)}
            type="email"
            autoComplete="email"
            readOnly={Boolean(codeSentTo)}
          />
        </Field>
        {hasPassword && !codeSentTo ? (
          <PasswordField
            id="currentPassword"
            label={t("email.currentPassword")}
            error={errors.currentPassword}
            autoComplete="current-password"
          />
        ) : null}
        {codeSentTo ? (
          <Field id="email-otp" label={t("email.code", { email: codeSentTo })} error={errors.otp}>
            <CodeInput {...fieldControlProps("email-otp", errors.otp, "otp")} />
          </Field>
        ) : null}
        <p className="text-gray-500 text-xs">{hasPassword ? t("email.hintPassword") : t("email.hintCode")}</p>
        <Button
          type="submit"
          variant="outline"
          className="self-start"
          disabled={emailFetcher.state !== "idle"}
        >
          {codeSentTo ? t("email.submit") : t("email.sendCode")}
        </Button>
      </emailFetcher.Form>
      <Outcome result={emailResult} />
    </Section>
  );
}
