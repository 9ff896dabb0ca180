import { useTranslation } from "react-i18next";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import {
  PROMOTION_FIRST_DAY,
  PROMOTION_LAST_DAY,
  PROMOTION_NAME_MAX,
  type StartRule,
} from "../promotion.schema";
import { DISCOUNT_TYPES, PROMOTION_TYPES } from "../promotion-constants";
import type { WizardDetails } from "./wizard-state";

/** Step 1: name, the law's type, the discount and the days. */
export function WizardDetailsStep({
  details,
  errors,
  onChange,
  startRule,
}: {
  details: WizardDetails;
  errors: Record<string, string>;
  onChange: (details: WizardDetails) => void;
  /** The first day may not be before today (decision 0094); the picker starts there. */
  startRule: StartRule;
}) {
  const { t } = useTranslation("promotions");
  const set = (key: keyof WizardDetails) => (event: { target: { value: string } }) =>
    onChange({ ...details, [key]: event.target.value });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="name" label={t("fields.name")} error={errors.name} className="sm:col-span-2">
        <Input
          {...fieldControlProps("name", errors.name)}
          value={details.name}
          onChange={set("name")}
          maxLength={PROMOTION_NAME_MAX}
        />
      </Field>
      <Field id="type" label={t("fields.type")} error={errors.type} className="sm:col-span-2">
        <Select {...fieldControlProps("type", errors.type)} value={details.type} onChange={set("type")}>
          {PROMOTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="discountType" label={t("fields.discountType")} error={errors.discountType}>
        <Select
          {...fieldControlProps("discountType", errors.discountType)}
          value={details.discountType}
          onChange={set("discountType")}
        >
          {DISCOUNT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`discountTypes.${type}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="value"
        label={t("fields.value")}
        error={errors.value}
        hint={t(details.discountType === "fixed" ? "fields.valueHintFixed" : "fields.valueHintPercentage")}
      >
        <Input
          {...fieldControlProps("value", errors.value)}
          value={details.value}
          onChange={set("value")}
          inputMode="decimal"
        />
      </Field>
      <Field id="startsOn" label={t("fields.startsOn")} error={errors.startsOn}>
        <Input
          {...fieldControlProps("startsOn", errors.startsOn)}
          type="date"
          min={startRule.keptStart ?? startRule.today}
          max={PROMOTION_LAST_DAY}
          value={details.startsOn}
          onChange={set("startsOn")}
        />
      </Field>
      <Field id="endsOn" label={t("fields.endsOn")} error={errors.endsOn}>
        <Input
          {...fieldControlProps("endsOn", errors.endsOn)}
          type="date"
          min={PROMOTION_FIRST_DAY}
          max={PROMOTION_LAST_DAY}
          value={details.endsOn}
          onChange={set("endsOn")}
        />
      </Field>
    </div>
  );
}
