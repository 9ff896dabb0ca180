import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FormAlert } from "~/components/form-alert";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { SignedSuggestion } from "~/features/address/address";
import { AddressField } from "~/features/address/components/address-field";
import { SaveButton } from "~/features/stores/components/save-button";
import { PHONE_MAX } from "~/features/stores/store.schema";
import type { FieldErrors } from "~/lib/form";
import { POINT_OF_SALE_NAME_MAX } from "../point-of-sale.schema";
import { POINT_OF_SALE_SLUG_MAX } from "../point-of-sale-slug";

type Saved = {
  name: string;
  slug: string;
  phone: string;
  street: string;
  addressSuggestion: SignedSuggestion | null;
};

/**
 * Name, public address (only when adding: it stays stable), place from suggestions with street,
 * and an optional phone. `publicBase` is "vitrina.mk/{username}/", shown before the slug.
 */
export function PointOfSaleForm({
  saved,
  typed,
  errors,
  busy,
  publicBase,
  isNew,
}: {
  saved: Saved | null;
  typed: Record<string, string>;
  errors: FieldErrors;
  busy: boolean;
  publicBase: string;
  isNew: boolean;
}) {
  const { t } = useTranslation("pointsOfSale");
  return (
    <Form method="post" noValidate className="flex flex-col gap-4">
      <FormAlert message={errors.form} />
      <input type="hidden" name="intent" value="save" />
      <Field id="name" label={t("fields.name")} error={errors.name} hint={t("fields.nameHint")}>
        <Input
          {...fieldControlProps("name", errors.name)}
          defaultValue={typed.name ?? saved?.name ?? ""}
          maxLength={POINT_OF_SALE_NAME_MAX}
          required
        />
      </Field>
      {isNew ? (
        <Field
          id="slug"
          label={t("fields.slug")}
          error={errors.slug}
          hint={t("fields.slugHint", { base: publicBase })}
        >
          <Input
            {...fieldControlProps("slug", errors.slug)}
            defaultValue={typed.slug ?? ""}
            maxLength={POINT_OF_SALE_SLUG_MAX}
            autoCapitalize="none"
            spellCheck={false}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
          />
        </Field>
      ) : (
        <p className="text-gray-700 text-sm">
          {t("fields.publicAddress")}{" "}
          <span className="break-all font-mono">
            {publicBase}
            {saved?.slug}
          </span>
        </p>
      )}
      <AddressField
        label={t("fields.address")}
        saved={saved?.addressSuggestion}
        initialStreet={typed.street ?? saved?.street}
        errors={errors}
      />
      <Field id="phone" label={t("fields.phone")} error={errors.phone} hint={t("fields.phoneHint")}>
        <Input
          {...fieldControlProps("phone", errors.phone)}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="071 234 567"
          defaultValue={typed.phone ?? saved?.phone ?? ""}
          maxLength={PHONE_MAX}
        />
      </Field>
      <div>
        <SaveButton busy={busy} />
      </div>
    </Form>
  );
}
