import { useTranslation } from "react-i18next";
import type { Locale } from "~/i18n/config";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

type Entry = {
  oldPriceCents: number | null;
  newPriceCents: number;
  source: string;
  changedAt: Date | string;
  /** Decision 0086: a change at this point of sale; absent or null: the store's price. */
  pointOfSale?: string | null;
  availability?: string | null;
  excluded?: boolean | null;
};

export function PriceHistoryList({ history }: { history: Entry[] }) {
  const { t, i18n } = useTranslation("products");
  const locale = i18n.language as Locale;
  if (history.length === 0) return <p className="mt-2 text-gray-600 text-sm">{t("history.empty")}</p>;
  return (
    <ol className="mt-3 divide-y divide-gray-100 text-sm">
      {history.map((entry) => (
        <li
          key={`${entry.changedAt}-${entry.newPriceCents}-${entry.pointOfSale ?? ""}`}
          className="flex flex-wrap justify-between gap-2 py-2"
        >
          <span>
            {entry.pointOfSale ? (
              <span className="mr-2 font-medium">
                {t("history.atPointOfSale", { name: entry.pointOfSale })}:
              </span>
            ) : null}
            <span className="tabular-nums">
              {entry.oldPriceCents === null
                ? t("history.first", { price: formatMoney(entry.newPriceCents, locale) })
                : entry.oldPriceCents === entry.newPriceCents
                  ? t("history.unchanged", { price: formatMoney(entry.newPriceCents, locale) })
                  : t("history.change", {
                      from: formatMoney(entry.oldPriceCents, locale),
                      to: formatMoney(entry.newPriceCents, locale),
                    })}
            </span>
            {entry.pointOfSale ? (
              <span className="text-gray-700">
                {" · "}
                {entry.excluded
                  ? t("history.excluded")
                  : t(`availability.${entry.availability ?? "in_stock"}`)}
              </span>
            ) : null}
          </span>
          <span className="text-gray-500">
            {formatDateTime(entry.changedAt, locale)} · {t(`history.source.${entry.source}`)}
          </span>
        </li>
      ))}
    </ol>
  );
}
