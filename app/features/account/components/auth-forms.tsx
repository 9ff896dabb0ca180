import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { FieldErrors } from "~/lib/form";
import { type AuthMode, PasskeySignIn } from "./auth-modes";

export function PasswordForm({ errors, busy }: { errors: FieldErrors; busy: boolean }) {
  const { t } = useTranslation("auth");
  return (
    <Form method="post" className="mt-5 flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="password" />
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
  );
}

export function CodeRequestForm({ errors, busy }: { errors: FieldErrors; busy: boolean }) {
  const { t } = useTranslation("auth");
  return (
    <Form method="post" className="mt-5 flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="code" />
      <p className="text-gray-600 text-sm">{t("code.hint")}</p>
      <Field id="code-email" label={t("fields.email")} error={errors.email}>
        <Input
          {...fieldControlProps("email", errors.email)}
          id="code-email"
          type="email"
          autoComplete="email"
          required
        />
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? t("code.sending") : t("code.send")}
      </Button>
    </Form>
  );
}

export function ModeBody({ mode, errors, busy }: { mode: AuthMode; errors: FieldErrors; busy: boolean }) {
  if (mode === "code") return <CodeRequestForm errors={errors} busy={busy} />;
  if (mode === "passkey") return <PasskeySignIn />;
  return <PasswordForm errors={errors} busy={busy} />;
}
