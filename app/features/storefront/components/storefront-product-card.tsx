import { Flag } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AVAILABILITIES, SALE_UNITS } from "~/db/schema/catalog-enums";
import { discountOf } from "~/features/storefront/discount";
import type { Locale } from "~/i18n/config";
import { cn } from "~/lib/cn";
import { formatMoney, unitPriceCents } from "~/lib/money";

type StorefrontProduct = {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  regularPriceCents: number | null;
  vatRate: string;
  unit: string;
  netQuantityMilli: number | null;
  netUnit: string | null;
  availability: string;
  imageUrl?: string | null;
  categoryName: string | null;
};

/** Every text a card shows, translated once per page instead of once per card (i18next's t() is
 * the largest cost of rendering a 60-product page). Templates keep "{{name}}" for fill(). */
export function useCardLabels() {
  const { t, i18n } = useTranslation("store");
  return useMemo(() => {
    const keep = (name: string) => `{{${name}}}`;
    return {
      locale: i18n.language as Locale,
      availability: Object.fromEntries(AVAILABILITIES.map((a) => [a, t(`products:availability.${a}`)])),
      units: Object.fromEntries(SALE_UNITS.map((u) => [u, t(`products:units.${u}`)])),
      regularPrice: t("pricelist:product.regularPrice", { price: keep("price") }),
      discount: t("pricelist:product.discount", { percent: keep("percent"), amount: keep("amount") }),
      unitPrice: t("unitPrice", { price: keep("price"), unit: keep("unit") }),
      vat: t("pricelist:product.vat", { rate: keep("rate") }),
      vatIncluded: t("vatIncluded"),
      vatNone: t("pricelist:product.vatNone"),
      report: t("pricelist:product.report"),
      reportLabel: t("pricelist:product.reportLabel", { product: keep("product") }),
    };
  }, [t, i18n.language]);
}

export type CardLabels = ReturnType<typeof useCardLabels>;

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/**
 * One product with every field член 15-а asks for: name, selling price with VAT, unit price,
 * description, availability, regular price, and for a discount its percentage and amount.
 */
export function StorefrontProductCard({
  product,
  reportHref,
  labels,
}: {
  product: StorefrontProduct;
  reportHref: string;
  labels: CardLabels;
}) {
  const { locale } = labels;
  const discount = discountOf(product.priceCents, product.regularPriceCents);
  const unitPrice = unitPriceCents(
    product.priceCents,
    product.netQuantityMilli,
    product.netUnit as Parameters<typeof unitPriceCents>[2],
  );
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
      data-product-id={product.id}
    >
      <div className="flex items-start justify-between gap-3">
        {product.imageUrl ? (
          // The 320 px variant; width and height are set so the page does not shift as images load.
          <img
            src={product.imageUrl.replace(/-800\.webp$/, "-320.webp")}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            decoding="async"
            className="size-16 shrink-0 rounded-md bg-gray-50 object-contain"
          />
        ) : null}
        <h3 className="min-w-0 flex-1 font-medium text-gray-900">{product.name}</h3>
        <span
          className={cn(
            "shrink-0 rounded-full px-2 py-0.5 font-medium text-xs",
            product.availability === "in_stock" ? "bg-brand-50 text-brand-800" : "bg-gray-100 text-gray-700",
          )}
        >
          {labels.availability[product.availability]}
        </span>
      </div>
      {product.categoryName ? <p className="text-gray-600 text-xs">{product.categoryName}</p> : null}
      {product.description ? (
        <p className="line-clamp-3 text-gray-700 text-sm">{product.description}</p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-baseline gap-x-2">
        <span
          className={cn("font-semibold text-lg tabular-nums", discount ? "text-red-700" : "text-gray-900")}
          data-price
        >
          {formatMoney(product.priceCents, locale)}
        </span>
        <span className="text-gray-600 text-sm">/ {labels.units[product.unit]}</span>
      </div>
      {discount ? (
        <div className="flex flex-col gap-0.5 text-sm">
          <p className="text-gray-700 tabular-nums">
            {fill(labels.regularPrice, { price: "" })}
            <s>{formatMoney(product.regularPriceCents!, locale)}</s>
          </p>
          <p className="font-medium text-red-700 tabular-nums">
            {fill(labels.discount, {
              percent: discount.percent,
              amount: formatMoney(discount.amountCents, locale),
            })}
          </p>
        </div>
      ) : product.regularPriceCents !== null ? (
        <p className="text-gray-700 text-sm tabular-nums">
          {fill(labels.regularPrice, { price: formatMoney(product.regularPriceCents, locale) })}
        </p>
      ) : null}
      {unitPrice ? (
        <p className="text-gray-700 text-xs tabular-nums">
          {fill(labels.unitPrice, {
            price: formatMoney(unitPrice.cents, locale),
            unit: labels.units[unitPrice.per] ?? "",
          })}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <p className="text-gray-600 text-xs">
          {product.vatRate === "none"
            ? labels.vatNone
            : `${labels.vatIncluded} · ${fill(labels.vat, { rate: product.vatRate })}`}
        </p>
        <Link
          to={reportHref}
          preventScrollReset
          rel="nofollow"
          aria-label={fill(labels.reportLabel, { product: product.name })}
          className="inline-flex min-h-6 items-center gap-1 rounded px-1 text-gray-600 text-xs hover:text-gray-900 hover:underline"
        >
          <Flag aria-hidden className="size-3.5" />
          {labels.report}
        </Link>
      </div>
    </li>
  );
}
