import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * The store settings pages' "Save", and the onboarding's "saving…" while the form is posted. A
 * second form on the same page gives its own `label` ("Save languages"), so that keyboard and
 * screen-reader users can tell the two buttons apart.
 */
export function SaveButton({ busy, label }: { busy: boolean; label?: string }) {
  const { t } = useTranslation("storeSettings");
  return (
    <Button type="submit" disabled={busy}>
      {busy ? t("onboarding:submitting") : (label ?? t("save"))}
    </Button>
  );
}
