import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { AddressField } from "~/features/address/components/address-field";
import { ImageUploadField } from "~/features/images/components/image-upload-field";
import type { FieldErrors } from "~/lib/action-result";
import { suggestUsername } from "~/lib/slug";
import { companyStepSchema, phoneStepSchema, storeNameStepSchema } from "../store.schema";
import type { StoreProfileValues } from "../store-form.server";
import { PhonePublicCheckbox } from "./phone-public-checkbox";
import { CompanyNameField, PhoneField, StoreNameField, TaxNumberField } from "./store-profile-fields";
import { UsernameField } from "./username-field";

// Onboarding steps 1–3 (decision 0014): the store's name, its phone, its company.

/** Checks a step's form with its schema in the browser; the server checks it again. */
export type StepCheck = (schema: z.ZodType) => (event: React.FormEvent<HTMLFormElement>) => void;

export type StepProps = {
  store: StoreProfileValues | null;
  rootDomain: string;
  errors: FieldErrors;
  busy: boolean;
  check: StepCheck;
};

/** Back (to the previous step) and Next. */
export function StepActions({ step, busy, label }: { step: number; busy: boolean; label?: string }) {
  const { t } = useTranslation("onboarding");
  return (
    <div className="mt-2 flex items-center justify-between gap-3">
      {step > 1 ? (
        <Link
          to={`/onboarding?step=${step - 1}`}
          className="font-medium text-gray-700 text-sm hover:underline"
        >
          {t("back")}
        </Link>
      ) : (
        <span />
      )}
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t("submitting") : (label ?? t("next"))}
      </Button>
    </div>
  );
}

/** Steps 1–3: checked in the browser by the step's schema, posted with its intent, then Back / Next. */
function StepForm({
  step,
  intent,
  schema,
  check,
  busy,
  children,
}: {
  step: number;
  intent: string;
  schema: z.ZodType;
  check: StepCheck;
  busy: boolean;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" noValidate className="flex flex-col gap-4" onSubmit={check(schema)}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <StepActions step={step} busy={busy} />
    </Form>
  );
}

export function StoreStep({ store, rootDomain, errors, busy, check }: StepProps) {
  const [storeName, setStoreName] = useState(store?.name ?? "");
  const [username, setUsername] = useState(store?.username ?? "");
  const [edited, setEdited] = useState(Boolean(store));
  return (
    <StepForm step={1} intent="store" schema={storeNameStepSchema} check={check} busy={busy}>
      <StoreNameField
        error={errors.storeName}
        value={storeName}
        onChange={(event) => {
          setStoreName(event.target.value);
          if (!edited) setUsername(suggestUsername(event.target.value));
        }}
      />
      <UsernameField
        value={username}
        onChange={(value) => {
          setEdited(true);
          setUsername(value);
        }}
        error={errors.username}
        rootDomain={rootDomain}
      />
    </StepForm>
  );
}

export function PhoneStep({ store, errors, busy, check }: StepProps) {
  return (
    <StepForm step={2} intent="phone" schema={phoneStepSchema} check={check} busy={busy}>
      <PhoneField error={errors.phone} defaultValue={store?.phone} />
      <PhonePublicCheckbox defaultChecked={store?.phone ? store.phonePublic : true} />
    </StepForm>
  );
}

export function CompanyStep({ store, errors, busy, check }: StepProps) {
  const { t } = useTranslation("onboarding");
  return (
    <StepForm step={3} intent="company" schema={companyStepSchema} check={check} busy={busy}>
      <CompanyNameField error={errors.companyName} defaultValue={store?.companyName} />
      <TaxNumberField error={errors.taxNumber} defaultValue={store?.taxNumber} />
      <AddressField saved={store?.addressSuggestion} initialStreet={store?.street} errors={errors} />
      <ImageUploadField
        kind="logo"
        name="logoKey"
        label={t("fields.logo")}
        initialUrl={store?.logoUrl}
        square
      />
    </StepForm>
  );
}
