import { Store } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** The promotion page's way to the points of sale it runs at (decision 0069). */
export function PromotionPointsOfSaleLink({ promotionId }: { promotionId: string }) {
  const { t } = useTranslation("pointsOfSale");
  return (
    <Link
      to={`/dashboard/promotions/${promotionId}/points-of-sale`}
      className="mb-4 inline-flex items-center gap-1.5 font-medium text-brand-700 text-sm hover:underline"
    >
      <Store aria-hidden className="size-4" />
      {t("promotion.link")}
    </Link>
  );
}
