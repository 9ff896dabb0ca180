import { Store } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";

/** The product page's way to its own prices at each point of sale (decision 0069). */
export function ProductPointsOfSaleLink({ productId }: { productId: string }) {
  const { t } = useTranslation("pointsOfSale");
  return (
    <Card className="mt-6 p-5 sm:p-6">
      <h2 className="font-semibold text-lg">{t("overrides.title")}</h2>
      <p className="mt-1 text-gray-600 text-sm">{t("overrides.linkHint")}</p>
      <Link
        to={`/dashboard/products/${productId}/points-of-sale`}
        className="mt-3 inline-flex items-center gap-1.5 font-medium text-brand-700 text-sm hover:underline"
      >
        <Store aria-hidden className="size-4" />
        {t("overrides.link")}
      </Link>
    </Card>
  );
}
