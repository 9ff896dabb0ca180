import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { FieldErrors } from "~/lib/form";
import { AuthForm, EmailField, PasswordField } from "./auth-fields";
import { type AuthMode, PasskeySignIn } from "./auth-modes";

/** A sign-in form's props: its field errors, whether it is sending, and the address given back. */
type FormProps = { errors: FieldErrors; busy: boolean; email?: string };

export function PasswordForm({ errors, busy, email }: FormProps) {
  const { t } = useTranslation("auth");
  return (
    <AuthForm intent="password">
      <EmailField error={errors.email} defaultValue={email} />
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

export function CodeRequestForm({ errors, busy, email }: FormProps) {
  const { t } = useTranslation("auth");
  return (
    <AuthForm intent="code">
      <p className="text-gray-600 text-sm">{t("code.hint")}</p>
      <EmailField id="code-email" error={errors.email} defaultValue={email} />
      <Button type="submit" disabled={busy}>
        {busy ? t("code.sending") : t("code.send")}
      </Button>
    </AuthForm>
  );
}

export function ModeBody({ mode, ...form }: FormProps & { mode: AuthMode }) {
  if (mode === "code") return <CodeRequestForm {...form} />;
  if (mode === "passkey") return <PasskeySignIn />;
  return <PasswordForm {...form} />;
}
