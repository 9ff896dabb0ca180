import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { FieldErrors } from "~/lib/form";

/** The sign-in pages' form: posted to the page's action, the step named by `intent`. */
export function AuthForm({
  intent,
  onSubmit,
  children,
}: {
  intent?: string;
  onSubmit?: React.FormEventHandler<HTMLFormElement>;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className="mt-5 flex flex-col gap-4" noValidate onSubmit={onSubmit}>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {children}
    </Form>
  );
}

/** The e-mail address, posted as `email`; a second form on the same page gives it another id. */
export function EmailField({ error, id = "email" }: { error?: string; id?: string }) {
  const { t } = useTranslation("auth");
  return (
    <Field id={id} label={t("fields.email")} error={error}>
      <Input {...fieldControlProps("email", error)} id={id} type="email" autoComplete="email" required />
    </Field>
  );
}

/** A new password and its confirmation (register, reset): the rules in auth.schema.ts. */
export function NewPasswordFields({ errors, passwordLabel }: { errors: FieldErrors; passwordLabel: string }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <Field id="password" label={passwordLabel} error={errors.password} hint={t("register.passwordHint")}>
        <Input
          {...fieldControlProps("password", errors.password)}
          type="password"
          autoComplete="new-password"
          minLength={8}
          required
        />
      </Field>
      <Field id="confirmPassword" label={t("fields.confirmPassword")} error={errors.confirmPassword}>
        <Input
          {...fieldControlProps("confirmPassword", errors.confirmPassword)}
          type="password"
          autoComplete="new-password"
          required
        />
      </Field>
    </>
  );
}
