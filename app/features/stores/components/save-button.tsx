import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/** The store settings pages' "Save", and the onboarding's "saving…" while the form is posted. */
export function SaveButton({ busy }: { busy: boolean }) {
  const { t } = useTranslation("storeSettings");
  return (
    <Button type="submit" disabled={busy}>
      {busy ? t("onboarding:submitting") : t("save")}
    </Button>
  );
}
