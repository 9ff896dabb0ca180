import { Fingerprint, Languages, Link2, Lock, Trash2, User } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import { googleEnabled } from "~/auth/auth-actions.server";
import { authClient } from "~/auth/auth-client";
import { requireUser } from "~/auth/guards.server";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { getDb } from "~/db/db.server";
import { getAccountOverview } from "~/features/account/account.server";
import { CodeInput, PasswordField } from "~/features/account/components/auth-fields";
import { type SettingsResult, settingsAction } from "~/features/account/settings-action.server";
import { LOCALE_STORAGE_KEY, LOCALES, type Locale } from "~/i18n/config";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { formatDate } from "~/lib/dates";
import type { Route } from "./+types/index";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const t = getFixedT(requestLocale(request));
  const overview = await getAccountOverview(getDb(), user.id);
  const url = new URL(request.url);
  return {
    title: `${t("account:settings.title")} · Vitrina`,
    ...overview,
    google: googleEnabled(),
    // Back from Google's linking: ?linked=google or ?error=link.
    notice: url.searchParams.get("linked") ? "account:linked.linked" : null,
    error: url.searchParams.get("error") ? "errors:linkFailed" : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return settingsAction(request, requireUser(context));
}

function useResult(section: string, fetcher: { data?: unknown }) {
  const result = fetcher.data as SettingsResult | undefined;
  return result?.section === section ? result : undefined;
}

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 font-semibold text-lg">
        {icon}
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

function Outcome({ result }: { result?: SettingsResult }) {
  const { t } = useTranslation();
  if (result?.errors?.form) {
    return (
      <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-red-700 text-sm">
        {t(result.errors.form)}
      </p>
    );
  }
  if (result?.ok) {
    return (
      <p role="status" className="mt-3 rounded-md bg-brand-50 p-3 text-brand-900 text-sm">
        {t(result.ok)}
      </p>
    );
  }
  return null;
}

function LanguageSection({ locale }: { locale: string }) {
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

function ProfileSection({ name, email, hasPassword }: { name: string; email: string; hasPassword: boolean }) {
  const { t } = useTranslation("account");
  const nameFetcher = useFetcher();
  const emailFetcher = useFetcher();
  const nameResult = useResult("profile", nameFetcher);
  const emailResult = useResult("email", emailFetcher);
  const codeSentTo = emailResult?.codeSentTo;
  const errors = emailResult?.errors ?? {};
  return (
    <Section icon={<User aria-hidden className="size-5 text-gray-500" />} title={t("profile.title")}>
      <nameFetcher.Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="name" />
        <Field
          id="name"
          label={t("profile.name")}
          error={nameResult?.errors?.name}
          className="min-w-0 flex-1"
        >
          <Input
            {...fieldControlProps("name", nameResult?.errors?.name)}
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
        <p className="text-gray-600 text-sm">{t("email.current", { email })}</p>
        <input type="hidden" name="intent" value="email" />
        <Field id="newEmail" label={t("email.new")} error={errors.newEmail}>
          <Input {...fieldControlProps("newEmail", errors.newEmail)} type="email" autoComplete="email" />
        </Field>
        {hasPassword ? (
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
          {codeSentTo || hasPassword ? t("email.submit") : t("email.sendCode")}
        </Button>
      </emailFetcher.Form>
      <Outcome result={emailResult} />
    </Section>
  );
}

/** The password change form's fields; their ids differ from the names the e-mail form also uses. */
const CHANGE_PASSWORD_FIELDS: readonly {
  id: string;
  name: "currentPassword" | "password" | "confirmPassword";
  label: string;
  autoComplete: "current-password" | "new-password";
  hint?: string;
}[] = [
  { id: "pw-current", name: "currentPassword", label: "password.current", autoComplete: "current-password" },
  {
    id: "pw-new",
    name: "password",
    label: "password.new",
    autoComplete: "new-password",
    hint: "password.hint",
  },
  { id: "pw-confirm", name: "confirmPassword", label: "password.confirm", autoComplete: "new-password" },
];

function SecuritySection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation("account");
  const fetcher = useFetcher();
  const sessions = useFetcher();
  const result = useResult("password", fetcher);
  const sessionsResult = useResult("sessions", sessions);
  const errors = result?.errors ?? {};
  return (
    <Section icon={<Lock aria-hidden className="size-5 text-gray-500" />} title={t("password.title")}>
      {hasPassword ? (
        <fetcher.Form method="post" className="flex flex-col gap-3" noValidate>
          <input type="hidden" name="intent" value="password" />
          {CHANGE_PASSWORD_FIELDS.map((field) => (
            <PasswordField
              key={field.id}
              id={field.id}
              name={field.name}
              label={t(field.label)}
              error={errors[field.name]}
              hint={field.hint && t(field.hint)}
              autoComplete={field.autoComplete}
            />
          ))}
          <Button type="submit" variant="outline" className="self-start" disabled={fetcher.state !== "idle"}>
            {t("password.submit")}
          </Button>
        </fetcher.Form>
      ) : (
        <p className="text-gray-600 text-sm">{t("password.none")}</p>
      )}
      <Outcome result={result} />
      <sessions.Form method="post" className="mt-6 flex flex-col gap-2 border-gray-100 border-t pt-5">
        <input type="hidden" name="intent" value="revokeSessions" />
        <p className="text-gray-600 text-sm">{t("sessions.hint")}</p>
        <Button type="submit" variant="outline" className="self-start" disabled={sessions.state !== "idle"}>
          {t("sessions.submit")}
        </Button>
      </sessions.Form>
      <Outcome result={sessionsResult} />
    </Section>
  );
}

function LinkedSection({
  linked,
  google,
  locale,
}: {
  linked: { id: string; providerId: string; createdAt: Date | string }[];
  google: boolean;
  locale: Locale;
}) {
  const { t } = useTranslation("account");
  const fetcher = useFetcher();
  const result = useResult("linked", fetcher);
  const googleAccount = linked.find((a) => a.providerId === "google");
  return (
    <Section icon={<Link2 aria-hidden className="size-5 text-gray-500" />} title={t("linked.title")}>
      <ul className="divide-y divide-gray-100">
        <li className="flex flex-wrap items-center justify-between gap-3 py-2">
          <div>
            <p className="font-medium text-sm">Google</p>
            <p className="text-gray-500 text-xs">
              {googleAccount
                ? t("linked.connectedOn", { date: formatDate(googleAccount.createdAt, locale) })
                : t("linked.notConnected")}
            </p>
          </div>
          {googleAccount ? (
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="unlink" />
              <input type="hidden" name="accountId" value={googleAccount.id} />
              <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
                {t("linked.unlink")}
              </Button>
            </fetcher.Form>
          ) : google ? (
            <form method="post" action="/dashboard/settings?index">
              <input type="hidden" name="intent" value="linkGoogle" />
              <Button type="submit" variant="outline" size="sm">
                {t("linked.connect")}
              </Button>
            </form>
          ) : (
            <span className="text-gray-600 text-xs">{t("linked.unavailable")}</span>
          )}
        </li>
      </ul>
      <Outcome result={result} />
    </Section>
  );
}

type PasskeyRow = {
  id: string;
  name: string | null;
  createdAt: Date | string | null;
  lastUsedAt: Date | string | null;
};

function PasskeyItem({ passkey, locale }: { passkey: PasskeyRow; locale: Locale }) {
  const { t } = useTranslation("account");
  const rename = useFetcher();
  const remove = useFetcher();
  const result = useResult("passkeys", rename.data ? rename : remove);
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-end gap-2">
        <rename.Form method="post" className="flex min-w-0 flex-1 items-end gap-2">
          <input type="hidden" name="intent" value="renamePasskey" />
          <input type="hidden" name="id" value={passkey.id} />
          <Field id={`pk-${passkey.id}`} label={t("passkeys.name")} className="min-w-0 flex-1">
            <Input id={`pk-${passkey.id}`} name="name" defaultValue={passkey.name ?? ""} maxLength={100} />
          </Field>
          <Button type="submit" variant="outline" size="sm" className="h-10">
            {t("passkeys.rename")}
          </Button>
        </rename.Form>
        <remove.Form method="post">
          <input type="hidden" name="intent" value="deletePasskey" />
          <input type="hidden" name="id" value={passkey.id} />
          <Button
            type="submit"
            variant="ghost"
            size="icon"
            aria-label={t("passkeys.delete", { name: passkey.name ?? "" })}
          >
            <Trash2 aria-hidden className="size-4 text-red-600" />
          </Button>
        </remove.Form>
      </div>
      <p className="mt-1 text-gray-500 text-xs">
        {passkey.createdAt ? t("passkeys.added", { date: formatDate(passkey.createdAt, locale) }) : null}
        {" · "}
        {passkey.lastUsedAt
          ? t("passkeys.lastUsed", { date: formatDate(passkey.lastUsedAt, locale) })
          : t("passkeys.neverUsed")}
      </p>
      <Outcome result={result} />
    </li>
  );
}

function PasskeySection({ passkeys, locale }: { passkeys: PasskeyRow[]; locale: Locale }) {
  const { t } = useTranslation("account");
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Section icon={<Fingerprint aria-hidden className="size-5 text-gray-500" />} title={t("passkeys.title")}>
      {passkeys.length === 0 ? <p className="text-gray-600 text-sm">{t("passkeys.empty")}</p> : null}
      <ul className="divide-y divide-gray-100">
        {passkeys.map((p) => (
          <PasskeyItem key={p.id} passkey={p} locale={locale} />
        ))}
      </ul>
      <form
        className="mt-4 flex flex-col gap-2 border-gray-100 border-t pt-4 sm:flex-row sm:items-end"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setError(null);
          try {
            const result = await authClient.passkey.addPasskey({
              name: name.trim() || t("passkeys.defaultName"),
            });
            if (result?.error) setError("errors:passkeyAddFailed");
            else {
              setName("");
              toast.success(t("passkeys.addedToast"));
              revalidator.revalidate();
            }
          } catch {
            setError("errors:passkeyAddFailed");
          }
          setBusy(false);
        }}
      >
        <Field id="new-passkey" label={t("passkeys.newName")} className="min-w-0 flex-1">
          <Input id="new-passkey" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </Field>
        <Button type="submit" disabled={busy} className="self-start sm:self-auto">
          <Fingerprint aria-hidden className="size-4" />
          {t("passkeys.add")}
        </Button>
      </form>
      {error ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-red-700 text-sm">
          {t(error)}
        </p>
      ) : null}
    </Section>
  );
}

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const locale = i18n.language as Locale;
  useEffect(() => {
    if (loaderData.notice) toast.success(t(loaderData.notice));
    if (loaderData.error) toast.error(t(loaderData.error));
  }, [loaderData.notice, loaderData.error, t]);
  return (
    <div className="flex flex-col gap-5">
      <LanguageSection locale={locale} />
      <ProfileSection
        name={loaderData.user.name}
        email={loaderData.user.email}
        hasPassword={loaderData.hasPassword}
      />
      <SecuritySection hasPassword={loaderData.hasPassword} />
      <LinkedSection linked={loaderData.linked} google={loaderData.google} locale={locale} />
      <PasskeySection passkeys={loaderData.passkeys} locale={locale} />
    </div>
  );
}
