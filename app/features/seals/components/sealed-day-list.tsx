import { useTranslation } from "react-i18next";
import type { PriceListItem } from "~/features/feeds/price-list.server";
import type { Locale } from "~/i18n/config";
import { formatMoney } from "~/lib/money";

/** A sealed day's products as a plain table: what the law asks to see of each (член 15-а). */
export function SealedDayList({ products, locale }: { products: PriceListItem[]; locale: Locale }) {
  const { t } = useTranslation(["pricelist", "products"]);
  if (products.length === 0) return <p className="text-gray-700">{t("pricelist:pdf.empty")}</p>;
  const cell = "border-gray-200 border-b px-2 py-1.5 align-top";
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
      <table className="w-full border-collapse text-left text-sm">
        <thead className="bg-gray-100 text-gray-900">
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
            <tr key={item.id}>
              <th scope="row" className={`${cell} font-medium`}>
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
              <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>
                {formatMoney(item.priceCents, locale)}
              </td>
              <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>
                {item.regularPriceCents !== null ? formatMoney(item.regularPriceCents, locale) : ""}
              </td>
              <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>
                {item.unitPriceCents !== null && item.unitPricePer
                  ? `${formatMoney(item.unitPriceCents, locale)} / ${t(`products:units.${item.unitPricePer}`)}`
                  : ""}
              </td>
              <td className={cell}>{t(`products:availability.${item.availability}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
