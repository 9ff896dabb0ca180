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

/**
 * The e-mail address, posted as `email`; a second form on the same page gives it another id.
 * `defaultValue` is what a failed submit gave back, so the address is not typed twice.
 */
export function EmailField({
  error,
  id = "email",
  defaultValue,
}: {
  error?: string;
  id?: string;
  defaultValue?: string;
}) {
  const { t } = useTranslation("auth");
  return (
    <Field id={id} label={t("fields.email")} error={error}>
      <Input
        {...fieldControlProps(id, error, "email")}
        type="email"
        autoComplete="email"
        defaultValue={defaultValue}
        required
      />
    </Field>
  );
}

/**
 * A password field. `name` is what is posted when the id must differ from it (two forms on one
 * page); label, hint and error are tied to the control through the id.
 */
export function PasswordField({
  id,
  name = id,
  label,
  error,
  hint,
  ...input
}: { id: string; name?: string; label: string; error?: string; hint?: string } & Omit<
  React.ComponentProps<"input">,
  "id" | "name" | "type"
>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input {...fieldControlProps(id, error, name)} type="password" {...input} />
    </Field>
  );
}

/** The 6-digit code from an e-mail: a digits keyboard and the browser's one-time-code autofill. */
export function CodeInput(props: React.ComponentProps<"input">) {
  return <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...props} />;
}

/** A new password and its confirmation (register, reset): the rules in auth.schema.ts. */
export function NewPasswordFields({ errors, passwordLabel }: { errors: FieldErrors; passwordLabel: string }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <PasswordField
        id="password"
        label={passwordLabel}
        error={errors.password}
        hint={t("register.passwordHint")}
        minLength={8}
        {...newPassword}
      />
      <PasswordField
        id="confirmPassword"
        label={t("fields.confirmPassword")}
        error={errors.confirmPassword}
        {...newPassword}
      />
    </>
  );
}

/** Both fields of a new password: required, and the browser may offer to generate and save one. */
const newPassword = { autoComplete: "new-password", required: true } as const;
