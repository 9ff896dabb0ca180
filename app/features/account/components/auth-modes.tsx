import { Fingerprint, KeyRound, Mail } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { authClient } from "~/auth/auth-client";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { POST_LOGIN_PATH } from "~/navigation/rules";

export const AUTH_MODES = ["password", "code", "passkey"] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

export function parseMode(value: string | null): AuthMode {
  return (AUTH_MODES as readonly string[]).includes(value ?? "") ? (value as AuthMode) : "password";
}

const ICONS = { password: KeyRound, code: Mail, passkey: Fingerprint } as const;

/** The sign-in modes as tabs (plain links, so they work before JavaScript loads). */
export function ModeTabs({ mode, path }: { mode: AuthMode; path: string }) {
  const { t } = useTranslation("auth");
  return (
    <nav aria-label={t("modes.label")} className="mt-5 grid grid-cols-3 gap-1 rounded-lg bg-gray-100 p-1">
      {AUTH_MODES.map((m) => {
        const Icon = ICONS[m];
        return (
          <Link
            key={m}
            to={`${path}?mode=${m}`}
            replace
            aria-current={m === mode ? "page" : undefined}
            className={cn(
              "flex items-center justify-center gap-1.5 rounded-md px-2 py-1.5 font-medium text-xs sm:text-sm",
              m === mode ? "bg-white text-gray-900 shadow-sm" : "text-gray-600 hover:text-gray-900",
            )}
          >
            <Icon aria-hidden className="size-4 shrink-0" />
            {t(`modes.${m}`)}
          </Link>
        );
      })}
    </nav>
  );
}

/** Signs in with a passkey through the browser's WebAuthn API. */
export function PasskeySignIn() {
  const { t } = useTranslation("auth");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="mt-5 flex flex-col gap-3">
      <p className="text-gray-600 text-sm">{t("passkey.hint")}</p>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-700 text-sm">
          {t(error)}
        </p>
      ) : null}
      <Button
        type="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            const result = await authClient.signIn.passkey();
            if (result?.error) {
              setError(result.error.status === 429 ? "errors:rateLimited" : "errors:passkeyFailed");
            } else {
              window.location.assign(POST_LOGIN_PATH);
              return;
            }
          } catch {
            setError("errors:passkeyFailed");
          }
          setBusy(false);
        }}
      >
        <Fingerprint aria-hidden className="size-4" />
        {busy ? t("passkey.waiting") : t("passkey.submit")}
      </Button>
    </div>
  );
}

/** "Continue with Google", shown only when Google sign-in is configured. */
export function GoogleButton() {
  const { t } = useTranslation("auth");
  return (
    <>
      <div className="my-5 flex items-center gap-3 text-gray-600 text-xs">
        <span className="h-px flex-1 bg-gray-200" />
        {t("or")}
        <span className="h-px flex-1 bg-gray-200" />
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="google" />
        <Button type="submit" variant="outline" className="w-full">
          <svg aria-hidden viewBox="0 0 24 24" className="size-4">
            <path
              fill="#4285F4"
              d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.3-4.8 3.3-8z"
            />
            <path
              fill="#34A853"
              d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.6H2.1v2.9A11 11 0 0 0 12 23z"
            />
            <path fill="#FBBC05" d="M5.8 14a6.6 6.6 0 0 1 0-4.2V7H2.1a11 11 0 0 0 0 9.9L5.8 14z" />
            <path
              fill="#EA4335"
              d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7l3.7 2.9C6.7 7.2 9.1 5.4 12 5.4z"
            />
          </svg>
          {t("google.submit")}
        </Button>
      </Form>
    </>
  );
}
