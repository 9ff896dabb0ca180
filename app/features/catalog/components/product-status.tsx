import { useTranslation } from "react-i18next";
import { cn } from "~/lib/cn";

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("products");
  return (
    <span
      className={cn(
        "rounded-full px-2 py-0.5 font-medium text-xs",
        status === "active" ? "bg-brand-50 text-brand-800" : "bg-gray-100 text-gray-600",
      )}
    >
      {t(`status.${status}`)}
    </span>
  );
}

/** Sold below its regular price: the product is on promotion (PRODUCT.md). */
export function isReduced(product: { priceCents: number; regularPriceCents: number | null }): boolean {
  return product.regularPriceCents !== null && product.regularPriceCents > product.priceCents;
}

/**
 * The product's "in promotion" (decision 0040): how many active promotions (running or to come)
 * it is in; a reduction typed as a regular price without one still shows as "reduced".
 */
export function PromotionBadge({ reduced, count = 0 }: { reduced: boolean; count?: number }) {
  const { t } = useTranslation("products");
  if (count > 0)
    return (
      <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-800 text-xs">
        {t("promotion.count", { count })}
      </span>
    );
  return reduced ? (
    <span className="rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-800 text-xs">
      {t("promotion.reduced")}
    </span>
  ) : (
    <span className="text-gray-600">{t("promotion.none")}</span>
  );
}
