import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import type { Locale } from "~/i18n/config";
import type { FieldErrors, FormValues } from "~/lib/action-result";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import {
  PAYABLE_PLAN_IDS,
  type PayablePlanId,
  type PaymentMethod,
  PLANS,
  yearlySavingPercent,
} from "../plans";

const RADIO_CARD =
  "flex cursor-pointer gap-3 rounded-lg border border-gray-300 p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600";

/** The plan and the payment method; posting it creates a pending payment (intent "choose"). */
export function PlanChoiceForm({
  methods,
  plan,
  method,
  errors = {},
  submitKey,
}: {
  methods: PaymentMethod[];
  plan: PayablePlanId;
  method: PaymentMethod;
  errors?: FieldErrors;
  submitKey: string;
}) {
  const { t, i18n } = useTranslation("billing");
  const locale = i18n.language as Locale;
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="flex flex-col gap-5">
      <input type="hidden" name="intent" value="choose" />
      <fieldset>
        <legend className="font-semibold text-lg">{t("choose.planLegend")}</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {PAYABLE_PLAN_IDS.map((id) => (
            <label key={id} className={RADIO_CARD}>
              <input
                type="radio"
                name="plan"
                value={id}
                defaultChecked={id === plan}
                className="mt-1 accent-brand-600"
              />
              <span className="flex flex-col gap-1">
                <span className="font-semibold">{t(`plans.${id}.name`)}</span>
                <span className="font-semibold text-2xl">
                  {formatMoney(PLANS[id].priceCents!, locale)}
                  <span className="font-normal text-gray-600 text-sm"> {t(`plans.${id}.per`)}</span>
                </span>
                {id === "yearly" ? (
                  <span className="flex items-center gap-1 font-medium text-brand-800 text-sm">
                    <Check aria-hidden className="size-4" />
                    {t("plans.yearly.saving", {
                      months: PLANS.yearly.freeMonths,
                      percent: yearlySavingPercent(),
                    })}
                  </span>
                ) : null}
              </span>
            </label>
          ))}
        </div>
        <FormAlert message={errors.plan} className="mt-2" />
      </fieldset>
      <fieldset>
        <legend className="font-semibold text-lg">{t("choose.methodLegend")}</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {methods.map((id) => (
            <label key={id} className={RADIO_CARD}>
              <input
                type="radio"
                name="method"
                value={id}
                defaultChecked={id === method}
                className="mt-1 accent-brand-600"
              />
              <span className="flex flex-col gap-1">
                <span className="font-semibold">{t(`methods.${id}.name`)}</span>
                <span className="text-gray-600 text-sm">{t(`methods.${id}.hint`)}</span>
              </span>
            </label>
          ))}
        </div>
        <FormAlert message={errors.method} className="mt-2" />
      </fieldset>
      <FormAlert message={errors.form} className="mt-0" />
      <Button type="submit" disabled={busy} className="self-start">
        {t(submitKey)}
      </Button>
    </Form>
  );
}

/** Custom plan: a message to the operator (intent "custom"), rate-limited on the server. */
export function CustomPlanForm({
  errors = {},
  values = {},
  sent,
}: {
  errors?: FieldErrors;
  values?: FormValues;
  sent: boolean;
}) {
  const { t } = useTranslation("billing");
  const busy = useNavigation().state === "submitting";
  return (
    <Card className="p-5">
      <h2 className="font-semibold text-lg">{t("plans.custom.name")}</h2>
      <p className="mt-1 text-gray-600 text-sm">{t("plans.custom.description")}</p>
      {sent ? (
        <p role="status" className="mt-4 rounded-md bg-brand-50 p-3 text-brand-800 text-sm">
          {t("custom.sent")}
        </p>
      ) : (
        <Form method="post" className="mt-4 flex flex-col gap-4">
          <input type="hidden" name="intent" value="custom" />
          <Field id="custom-message" label={t("custom.message")} error={errors.message}>
            <Textarea
              {...fieldControlProps("custom-message", errors.message, "message")}
              defaultValue={values.message}
              rows={4}
              maxLength={2000}
              required
            />
          </Field>
          <Field id="custom-phone" label={t("custom.phone")} error={errors.phone}>
            <Input
              {...fieldControlProps("custom-phone", errors.phone, "phone")}
              defaultValue={values.phone}
              type="tel"
              autoComplete="tel"
              maxLength={40}
            />
          </Field>
          <FormAlert message={errors.form} className="mt-0" />
          <Button type="submit" variant="outline" disabled={busy} className={cn("self-start")}>
            {t("custom.send")}
          </Button>
        </Form>
      )}
    </Card>
  );
}
