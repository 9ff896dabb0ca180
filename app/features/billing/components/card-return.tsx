import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import type { CardReturn } from "../billing-pages.server";

/** How often the page asks again while cPay's notification has not arrived (seconds). */
const RECHECK_SECONDS = 5;

/**
 * The payer back from cPay's page (decision 0117): the payment counts only once cPay's
 * server-to-server notification has recorded it, so until then the page says it is being
 * confirmed and reloads itself; then it says it is paid.
 */
export function CardReturnNotice({ status }: { status: CardReturn }) {
  const { t } = useTranslation("billing");
  const location = useLocation();
  if (status === "paid")
    return (
      <Card className="bg-brand-50 p-5 text-brand-900" role="status" data-testid="card-return">
        <p className="font-medium">{t("card.paid")}</p>
      </Card>
    );
  const again = `${location.pathname}${location.search}`;
  return (
    <Card className="bg-amber-50 p-5 text-amber-950" role="status" data-testid="card-return">
      {/* React hoists this into <head>: the page asks again without any script. */}
      <meta httpEquiv="refresh" content={String(RECHECK_SECONDS)} />
      <p className="font-medium">{t("card.confirming")}</p>
      <p className="mt-1 text-sm">{t("card.confirmingHint")}</p>
      <Link to={again} reloadDocument className={cn(buttonVariants({ variant: "outline" }), "mt-3")}>
        {t("card.checkAgain")}
      </Link>
    </Card>
  );
}
