import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Locale } from "~/i18n/config";
import { formatDay } from "~/lib/dates";
import type { PromotionState } from "../promotion-constants";

/** The product form's list of the product's promotions, each linking to its wizard. */
export function ProductPromotions({
  promotions,
}: {
  promotions: {
    id: string;
    name: string;
    type: string;
    startsOn: string;
    endsOn: string;
    state: PromotionState;
    /** Deleted after it started (decision 0089): history, with no page of its own. */
    deleted?: boolean;
  }[];
}) {
  const { t, i18n } = useTranslation("promotions");
  const locale = i18n.language as Locale;
  if (promotions.length === 0)
    return <p className="mt-2 text-gray-600 text-sm">{t("noProductPromotions")}</p>;
  return (
    <ul className="mt-2 flex flex-col gap-1 text-sm">
      {promotions.map((p) => (
        <li key={p.id}>
          {p.deleted ? (
            <span className="font-medium">{p.name}</span>
          ) : (
            <Link to={`/dashboard/promotions/${p.id}`} className="font-medium text-brand-700 hover:underline">
              {p.name}
            </Link>
          )}{" "}
          · {t(`types.${p.type}`)} ·{" "}
          {t("dates", { from: formatDay(p.startsOn, locale), to: formatDay(p.endsOn, locale) })} ·{" "}
          {t(p.deleted ? "deletedState" : `states.${p.state}`)}
        </li>
      ))}
    </ul>
  );
}
