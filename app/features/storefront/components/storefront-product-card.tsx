import { useTranslation } from "react-i18next";
import type { Locale } from "~/i18n/config";
import { cn } from "~/lib/cn";
import { formatMoney, unitPriceCents } from "~/lib/money";

type StorefrontProduct = {
  name: string;
  description: string | null;
  priceCents: number;
  regularPriceCents: number | null;
  unit: string;
  netQuantityMilli: number | null;
  netUnit: string | null;
  availability: string;
  categoryName: string | null;
};

/** One product with the law's fields: price with VAT, unit price, regular price, availability. */
export function StorefrontProductCard({ product }: { product: StorefrontProduct }) {
  const { t, i18n } = useTranslation("store");
  const locale = i18n.language as Locale;
  const discounted = product.regularPriceCents !== null && product.regularPriceCents > product.priceCents;
  const unitPrice = unitPriceCents(
    product.priceCents,
    product.netQuantityMilli,
    product.netUnit as Parameters<typeof unitPriceCents>[2],
  );
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-medium text-gray-900">{product.name}</h3>
        <span
          className={cn(
            "shrink-0 rounded-full px-2 py-0.5 font-medium text-xs",
            product.availability === "in_stock" ? "bg-brand-50 text-brand-800" : "bg-gray-100 text-gray-600",
          )}
        >
          {t(`products:availability.${product.availability}`)}
        </span>
      </div>
      {product.categoryName ? <p className="text-gray-500 text-xs">{product.categoryName}</p> : null}
      {product.description ? (
        <p className="line-clamp-2 text-gray-600 text-sm">{product.description}</p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-baseline gap-x-2">
        <span
          className={cn("font-semibold text-lg tabular-nums", discounted ? "text-red-700" : "text-gray-900")}
        >
          {formatMoney(product.priceCents, locale)}
        </span>
        <span className="text-gray-500 text-sm">/ {t(`products:units.${product.unit}`)}</span>
        {discounted ? (
          <span className="text-gray-500 text-sm tabular-nums">
            <span className="sr-only">{t("regularPrice")} </span>
            <s>{formatMoney(product.regularPriceCents!, locale)}</s>
          </span>
        ) : null}
      </div>
      {unitPrice ? (
        <p className="text-gray-500 text-xs tabular-nums">
          {t("unitPrice", {
            price: formatMoney(unitPrice.cents, locale),
            unit: t(`products:units.${unitPrice.per}`),
          })}
        </p>
      ) : null}
      <p className="text-gray-400 text-xs">{t("vatIncluded")}</p>
    </li>
  );
}
