import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { FieldErrors } from "~/lib/form";
import { AuthForm, EmailField, PasswordField } from "./auth-fields";
import { type AuthMode, PasskeySignIn } from "./auth-modes";

export function PasswordForm({ errors, busy }: { errors: FieldErrors; busy: boolean }) {
  const { t } = useTranslation("auth");
  return (
    <AuthForm intent="password">
      <EmailField error={errors.email} />
      <PasswordField
        id="password"
        label={t("fields.password")}
        error={errors.password}
        autoComplete="current-password"
        required
      />
      <Button type="submit" disabled={busy}>
        {busy ? t("login.submitting") : t("login.submit")}
      </Button>
    </AuthForm>
  );
}

export function CodeRequestForm({ errors, busy }: { errors: FieldErrors; busy: boolean }) {
  const { t } = useTranslation("auth");
  return (
    <AuthForm intent="code">
      <p className="text-gray-600 text-sm">{t("code.hint")}</p>
      <EmailField id="code-email" error={errors.email} />
      <Button type="submit" disabled={busy}>
        {busy ? t("code.sending") : t("code.send")}
      </Button>
    </AuthForm>
  );
}

export function ModeBody({ mode, errors, busy }: { mode: AuthMode; errors: FieldErrors; busy: boolean }) {
  if (mode === "code") return <CodeRequestForm errors={errors} busy={busy} />;
  if (mode === "passkey") return <PasskeySignIn />;
  return <PasswordForm errors={errors} busy={busy} />;
}
