import { useTranslation } from "react-i18next";
import { CheckboxLabel } from "~/components/ui/checkbox";

/** Whether the store's phone number is shown on its public page (onboarding and settings). */
export function PhonePublicCheckbox({ defaultChecked }: { defaultChecked: boolean }) {
  const { t } = useTranslation("onboarding");
  return (
    <CheckboxLabel
      name="phonePublic"
      defaultChecked={defaultChecked}
      label={t("fields.phonePublic")}
      className="text-gray-700 text-sm"
      inputClassName="rounded border-gray-300"
    />
  );
}
