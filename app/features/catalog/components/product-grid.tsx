import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ComplianceBadge } from "~/features/compliance/components/compliance-badge";
import type { Locale } from "~/i18n/config";
import { formatMoney } from "~/lib/money";
import { BULK_FORM_ID } from "./bulk-bar";
import { isReduced, PromotionBadge, StatusBadge } from "./product-status";
import type { ProductRow, Selection } from "./product-table";
import { ProductThumb } from "./product-thumb";

/** The grid view: the image first, for owners who recognise products by their photo. */
export function ProductGrid({ products, selection }: { products: ProductRow[]; selection: Selection }) {
  const { t, i18n } = useTranslation("products");
  const locale = i18n.language as Locale;
  return (
    <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((product) => (
        <li
          key={product.id}
          className="relative flex min-w-0 flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm"
        >
          <input
            type="checkbox"
            className="absolute top-2 left-2 z-10 size-5 rounded border-gray-300 accent-brand-600"
            checked={selection.isSelected(product.id)}
            onChange={(event) => selection.toggle(product.id, event.target.checked)}
            form={BULK_FORM_ID}
            name="ids"
            value={product.id}
            aria-label={t("columns.select", { name: product.name })}
          />
          <Link to={`/dashboard/products/${product.id}`} className="flex flex-1 flex-col">
            <ProductThumb url={product.imageUrl} className="aspect-square w-full rounded-none" />
            <span className="flex flex-1 flex-col gap-1 p-3">
              <span className="line-clamp-2 font-medium text-gray-900 text-sm wrap-anywhere">
                {product.name}
              </span>
              <span className="text-gray-600 text-xs wrap-anywhere">
                {product.categoryName ?? t("noCategory")}
              </span>
              <ComplianceBadge issues={product.issues} />
              <span className="mt-auto flex flex-wrap items-center justify-between gap-1 pt-1">
                <span className="font-semibold tabular-nums">{formatMoney(product.priceCents, locale)}</span>
                <span className="flex gap-1">
                  {isReduced(product) || product.promotionCount ? (
                    <PromotionBadge reduced={isReduced(product)} count={product.promotionCount} />
                  ) : null}
                  <StatusBadge status={product.status} />
                </span>
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
