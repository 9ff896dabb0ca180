import { useTranslation } from "react-i18next";
import { discountOf as reductionOf } from "~/features/storefront/discount";
import type { Locale } from "~/i18n/config";
import { formatMoney } from "~/lib/money";
import { type ChoosableProduct, newPriceOf, type WizardDetails, type WizardSelection } from "./wizard-state";

/**
 * Step 3: every chosen product with its old price, its new price, the percentage and
 * the amount of the reduction (член 15-а), and its prior price (the 30 days before the start).
 */
export function WizardReviewStep({
  products,
  details,
  selection,
  priorPrices,
}: {
  products: ChoosableProduct[];
  details: WizardDetails;
  selection: WizardSelection;
  priorPrices: Record<string, number> | null;
}) {
  const { t, i18n } = useTranslation("promotions");
  const locale = i18n.language as Locale;
  const money = (cents: number) => formatMoney(cents, locale);
  const chosen = products.filter((p) => p.id in selection);
  return (
    <ul className="flex flex-col divide-y divide-gray-200 rounded-md border border-gray-200 bg-white">
      {chosen.map((product) => {
        const newPrice = newPriceOf(product, details, selection[product.id] ?? "");
        const reduction = newPrice === null ? null : reductionOf(newPrice, product.priceCents);
        const prior = priorPrices?.[product.id];
        return (
          <li
            key={product.id}
            className="grid grid-cols-2 gap-x-3 gap-y-0.5 px-3 py-2 text-sm sm:grid-cols-5"
          >
            <span className="col-span-2 break-words font-medium sm:col-span-1">{product.name}</span>
            <span>
              <span className="text-gray-600">{t("review.oldPrice")}: </span>
              <s className="tabular-nums">{money(product.priceCents)}</s>
            </span>
            <span>
              <span className="text-gray-600">{t("review.newPrice")}: </span>
              <span className="font-medium tabular-nums">{newPrice === null ? "—" : money(newPrice)}</span>
            </span>
            <span>
              <span className="text-gray-600">{t("review.reduction")}: </span>
              <span className="tabular-nums">
                {reduction ? `-${reduction.percent} % · -${money(reduction.amountCents)}` : "—"}
              </span>
            </span>
            <span>
              <span className="text-gray-600">{t("review.priorPrice")}: </span>
              <span className="tabular-nums">
                {prior === undefined ? (priorPrices ? "—" : t("review.loading")) : money(prior)}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
