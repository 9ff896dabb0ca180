import { MapPin } from "lucide-react";
import { Link } from "react-router";
import { formatAddress, type StoreAddress } from "~/features/address/address";
import type { Locale } from "~/i18n/config";
import { useT } from "~/i18n/use-t";

export type PublicPointOfSale = { slug: string; name: string; address: StoreAddress | null };

/** The store page's list of its points of sale, each to its own price list; none with one. */
export function PointsOfSaleList({ username, points }: { username: string; points: PublicPointOfSale[] }) {
  const { t, i18n } = useT("store");
  const locale = i18n.language as Locale;
  if (points.length < 2) return null;
  return (
    <section aria-labelledby="points-of-sale-title" className="mb-5">
      <h2 id="points-of-sale-title" className="font-semibold text-lg">
        {t("pointsOfSale.title")}
      </h2>
      <p className="mt-1 text-gray-700 text-sm">{t("pointsOfSale.intro")}</p>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {points.map((point) => (
          <li key={point.slug}>
            <Link
              to={`/${username}/${point.slug}`}
              className="flex h-full flex-col rounded-xl border border-gray-200 bg-white p-3 hover:border-brand-600"
            >
              <span className="font-medium text-brand-800 underline wrap-anywhere">{point.name}</span>
              {point.address ? (
                <span className="mt-1 flex items-start gap-1.5 text-gray-700 text-sm">
                  <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-gray-400" />
                  <span className="min-w-0 wrap-anywhere">{formatAddress(point.address, locale)}</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
