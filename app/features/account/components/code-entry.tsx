import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, fieldControlProps } from "~/components/ui/field";
import { type ActionResult, failureOf } from "~/lib/action-result";
import { AuthForm, CodeInput, NewPasswordFields } from "./auth-fields";
import { ResendButton } from "./resend-button";

/** What differs between the code pages: texts, the action's intent and the way back. */
const FLOWS = {
  verify: {
    intent: "verify",
    title: "verify.title",
    subtitle: "verify.subtitle",
    submit: "verify.submit",
    back: "/auth/login?mode=code",
    otherEmail: "verify.otherEmail",
  },
  // Decision 0019: the address is proven before onboarding (or at an old account's sign-in).
  confirm: {
    intent: "verify",
    title: "confirm.title",
    subtitle: "confirm.subtitle",
    submit: "confirm.submit",
    back: "/auth/register",
    otherEmail: "confirm.otherEmail",
  },
  // The code goes with the new password, in the one step that uses it.
  reset: {
    intent: "reset",
    title: "reset.title",
    subtitle: "reset.subtitle",
    submit: "reset.save",
    back: "/auth/forgot-password",
    otherEmail: "verify.otherEmail",
  },
} as const;

/**
 * The page that asks for the 6-digit code sent by e-mail (sign-in, proof of the address, password
 * reset with the new password): "send it again" after the cool-down, and the way back.
 */
export function CodeEntryCard({
  flow,
  pending,
  actionData,
}: {
  flow: keyof typeof FLOWS;
  pending: { email: string; cooldown: number };
  actionData?: ActionResult<{ resent?: true }>;
}) {
  const { intent, title, subtitle, submit, back, otherEmail } = FLOWS[flow];
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  const errors = failed?.errors ?? {};
  const { t } = useTranslation("auth");
  return (
    <Card className="p-6">
      <h1 className="font-semibold text-2xl">{t(title)}</h1>
      <p className="mt-1 text-gray-600 text-sm">{t(subtitle, { email: pending.email })}</p>
      <FormAlert message={errors.form} values={failed?.params} />
      {actionData?.ok && actionData.resent ? (
        <p role="status" className="mt-4 rounded-md bg-brand-50 p-3 text-brand-900 text-sm">
          {t("code.resent")}
        </p>
      ) : null}
      <AuthForm intent={intent}>
        <Field id="otp" label={t("fields.code")} error={errors.otp}>
          <CodeInput
            {...fieldControlProps("otp", errors.otp)}
            pattern="[0-9]{6}"
            className="text-center font-mono text-2xl tracking-[0.5em]"
            required
          />
        </Field>
        {flow === "reset" ? (
          <>
            <input type="hidden" name="email" value={pending.email} autoComplete="username" />
            <NewPasswordFields errors={errors} passwordLabel={t("fields.newPassword")} />
          </>
        ) : null}
        <Button type="submit" disabled={busy}>
          {t(submit)}
        </Button>
      </AuthForm>
      <ResendButton seconds={pending.cooldown} busy={busy} />
      <p className="mt-3 text-center text-sm">
        <Link to={back} className="text-gray-600 hover:underline">
          {t(otherEmail)}
        </Link>
      </p>
    </Card>
  );
}
