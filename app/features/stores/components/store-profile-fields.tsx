import { useTranslation } from "react-i18next";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { COMPANY_NAME_MAX, PHONE_MAX, STORE_NAME_MAX } from "../store.schema";

// The store-profile fields onboarding and Settings → store share (two copies had
// drifted in autoComplete, required and a literal 100 instead of the schema's limit). Limits
// come from store.schema.ts, so the browser and the server agree.

export function StoreNameField({
  error,
  ...input
}: { error?: string } & Pick<React.ComponentProps<"input">, "value" | "defaultValue" | "onChange">) {
  const { t } = useTranslation("onboarding");
  return (
    <Field id="storeName" label={t("fields.storeName")} error={error}>
      <Input
        {...fieldControlProps("storeName", error)}
        {...input}
        maxLength={STORE_NAME_MAX}
        autoComplete="organization"
        required
      />
    </Field>
  );
}

export function PhoneField({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  const { t } = useTranslation("onboarding");
  return (
    <Field id="phone" label={t("fields.phone")} error={error} hint={t("phoneHint")}>
      <Input
        {...fieldControlProps("phone", error)}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="071 234 567"
        defaultValue={defaultValue}
        maxLength={PHONE_MAX}
        required
      />
    </Field>
  );
}

export function CompanyNameField({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  const { t } = useTranslation("onboarding");
  return (
    <Field id="companyName" label={t("fields.companyName")} error={error}>
      <Input
        {...fieldControlProps("companyName", error)}
        defaultValue={defaultValue}
        maxLength={COMPANY_NAME_MAX}
        autoComplete="organization"
        required
      />
    </Field>
  );
}

/** The company's tax number (ЕДБ), asked for the pro-forma invoice; optional. */
export function TaxNumberField({ error, defaultValue }: { error?: string; defaultValue?: string | null }) {
  const { t } = useTranslation("onboarding");
  return (
    <Field id="taxNumber" label={t("fields.taxNumber")} error={error} hint={t("taxNumberHint")}>
      <Input
        {...fieldControlProps("taxNumber", error)}
        inputMode="numeric"
        autoComplete="off"
        placeholder="4030000000000"
        defaultValue={defaultValue ?? ""}
        maxLength={20}
      />
    </Field>
  );
}
