import { Link2, Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { Locale } from "~/i18n/config";
import { formatDate } from "~/lib/dates";
import { PasswordField } from "./auth-fields";
import { errorsOf, Outcome, Section, useResult } from "./settings-section";

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

export function SecuritySection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation("account");
  const fetcher = useFetcher();
  const sessions = useFetcher();
  const result = useResult(fetcher.data, "password");
  const sessionsResult = useResult(sessions.data, "revokeSessions");
  const errors = errorsOf(result);
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

export function LinkedSection({
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
  const googleAccount = linked.find((a) => a.providerId === "google");
  const result = useResult(fetcher.data, "unlink");
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
