import { useTranslation } from "react-i18next";
import type { PriceListItem } from "~/features/feeds/price-list.server";
import type { Locale } from "~/i18n/config";
import { formatMoney } from "~/lib/money";

/**
 * A sealed day's products as a plain table: what the law asks to see of each (член 15-а). On a
 * phone each row stands as a block, its figures labelled, so no column is cut off at the edge.
 */
export function SealedDayList({ products, locale }: { products: PriceListItem[]; locale: Locale }) {
  const { t } = useTranslation(["pricelist", "products"]);
  if (products.length === 0) return <p className="text-gray-700">{t("pricelist:pdf.empty")}</p>;
  const cell = "border-gray-200 border-b px-2 py-1.5 align-top";
  // Below sm: one block per product; each figure on its own line after its column's name.
  const figure = `${cell} whitespace-nowrap text-right tabular-nums max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:border-0 max-sm:py-0.5 max-sm:empty:hidden max-sm:before:text-gray-600 max-sm:before:content-[attr(data-label)]`;
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white max-sm:overflow-visible">
      <table className="w-full border-collapse text-left text-sm">
        <thead className="bg-gray-100 text-gray-900 max-sm:hidden">
          <tr>
            <th scope="col" className={cell}>
              {t("pricelist:pdf.name")}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t("pricelist:pdf.price")}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t("pricelist:pdf.regular")}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t("pricelist:pdf.unitPrice")}
            </th>
            <th scope="col" className={cell}>
              {t("pricelist:pdf.availability")}
            </th>
          </tr>
        </thead>
        <tbody className="text-gray-800">
          {products.map((item) => (
            <tr key={item.id} className="max-sm:block max-sm:border-gray-200 max-sm:border-b max-sm:py-1.5">
              <th scope="row" className={`${cell} font-medium max-sm:block max-sm:border-0`}>
                {item.name}
                {item.discountPercent !== null ? (
                  <span className="block font-normal text-gray-700 text-xs">
                    −{item.discountPercent} %
                    {item.discountFrom && item.discountTo
                      ? ` (${item.discountFrom} – ${item.discountTo})`
                      : ""}
                  </span>
                ) : null}
              </th>
              <td className={figure} data-label={t("pricelist:pdf.price")}>
                {formatMoney(item.priceCents, locale)}
              </td>
              <td className={figure} data-label={t("pricelist:pdf.regular")}>
                {item.regularPriceCents !== null ? formatMoney(item.regularPriceCents, locale) : ""}
              </td>
              <td className={figure} data-label={t("pricelist:pdf.unitPrice")}>
                {item.unitPriceCents !== null && item.unitPricePer
                  ? `${formatMoney(item.unitPriceCents, locale)} / ${t(`products:units.${item.unitPricePer}`)}`
                  : ""}
              </td>
              <td
                className={`${figure} sm:whitespace-normal sm:text-left`}
                data-label={t("pricelist:pdf.availability")}
              >
                {t(`products:availability.${item.availability}`)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
