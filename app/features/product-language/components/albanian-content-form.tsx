import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Card } from "~/components/ui/card";
import { CheckboxLabel } from "~/components/ui/checkbox";
import { SaveButton } from "~/features/stores/components/save-button";

export const ALBANIAN_CONTENT_INTENT = "albanianContent";

/** Settings → store: "products also in Albanian" (decision 0074), its own small form. */
export function AlbanianContentForm({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation("storeSettings");
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === ALBANIAN_CONTENT_INTENT;
  return (
    <Card className="mt-6 p-5">
      <h3 className="font-semibold">{t("languages.title")}</h3>
      <p className="mt-1 text-gray-600 text-sm">{t("languages.subtitle")}</p>
      <Form method="post" className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value={ALBANIAN_CONTENT_INTENT} />
        <CheckboxLabel
          name="albanianContent"
          defaultChecked={enabled}
          label={t("languages.albanian")}
          className="text-gray-700 text-sm"
          inputClassName="rounded border-gray-300"
        />
        <div>
          <SaveButton busy={busy} label={t("languages.save")} />
        </div>
      </Form>
    </Card>
  );
}
