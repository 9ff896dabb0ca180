import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { PaymentStart } from "../payment-provider";

/**
 * A card provider's hosted payment page is reached by posting its fields there (CaSys cPay's
 * protocol); the button works without JavaScript.
 */
export function ProviderRedirect({ start }: { start: PaymentStart }) {
  const { t } = useTranslation("billing");
  if (start.kind !== "redirect") return null;
  return (
    <form method="post" action={start.url} className="rounded-md bg-brand-50 p-4">
      {Object.entries(start.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="text-brand-900 text-sm">{t("card.continueHint")}</p>
      <Button type="submit" className="mt-3">
        {t("card.continue")}
      </Button>
    </form>
  );
}
