import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FormAlert } from "~/components/form-alert";
import { SelectOptions } from "~/components/select-options";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CheckboxLabel } from "~/components/ui/checkbox";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { AVAILABILITIES, type Availability } from "~/db/schema/catalog-enums";
import type { Locale } from "~/i18n/config";
import { formatMoney, formatMoneyInput } from "~/lib/money";

export type OverrideRowData = {
  pointOfSaleId: string;
  name: string;
  priceCents: number | null;
  availability: Availability | null;
  excluded: boolean;
};

/**
 * One point of sale's own price, availability and presence of a product (decision 0069). Empty fields
 * follow the store's values, shown as the placeholder and the first choice.
 */
export function OverrideRow({
  row,
  storePriceCents,
  storeAvailability,
  errors,
  typed,
}: {
  row: OverrideRowData;
  storePriceCents: number;
  storeAvailability: Availability;
  errors: Record<string, string>;
  typed: Record<string, string> | null;
}) {
  const { t, i18n } = useTranslation("pointsOfSale");
  const locale = i18n.language as Locale;
  const id = (field: string) => `${field}-${row.pointOfSaleId}`;
  const own = row.priceCents !== null || row.availability !== null || row.excluded;
  return (
    <Card className="p-4">
      <h3 className="font-medium">{row.name}</h3>
      <p className="text-gray-600 text-sm">{own ? t("overrides.own") : t("overrides.followsStore")}</p>
      {row.priceCents !== null && row.priceCents === storePriceCents ? (
        // The owner set the store's price here on purpose: it is kept when the store's price moves.
        <p className="text-gray-600 text-sm">{t("overrides.ownPriceSameAsStore")}</p>
      ) : null}
      <FormAlert message={errors.form} className="mt-3" />
      <Form method="post" noValidate className="mt-3 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="pointOfSaleId" value={row.pointOfSaleId} />
        <Field id={id("price")} label={t("overrides.price")} error={errors.price}>
          <Input
            {...fieldControlProps(id("price"), errors.price, "price")}
            inputMode="decimal"
            placeholder={formatMoney(storePriceCents, locale)}
            defaultValue={typed?.price ?? formatMoneyInput(row.priceCents, locale)}
            maxLength={20}
          />
        </Field>
        <Field id={id("availability")} label={t("overrides.availability")} error={errors.availability}>
          <Select
            {...fieldControlProps(id("availability"), errors.availability, "availability")}
            defaultValue={typed?.availability ?? row.availability ?? ""}
          >
            <SelectOptions
              empty={t("overrides.storeAvailability", {
                value: t(`products:availability.${storeAvailability}`),
              })}
              choices={AVAILABILITIES.map((value) => ({ value, label: t(`products:availability.${value}`) }))}
            />
          </Select>
        </Field>
        <CheckboxLabel
          name="excluded"
          defaultChecked={typed ? typed.excluded === "on" : row.excluded}
          className="sm:col-span-2"
          label={t("overrides.excluded")}
        />
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" name="intent" value="save">
            {t("overrides.save")}
          </Button>
          {own ? (
            <Button type="submit" name="intent" value="clear" variant="outline">
              {t("overrides.clear")}
            </Button>
          ) : null}
        </div>
      </Form>
    </Card>
  );
}
