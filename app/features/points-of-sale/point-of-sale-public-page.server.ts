import { getPublicDb } from "~/db/db.server";
import { storeAddress } from "~/features/domains/domain-directory.server";
import { getPointOfSalePage } from "~/features/points-of-sale/point-of-sale-page.server";
import { parseStorefrontQuery } from "~/features/storefront/storefront.server";
import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { getClock } from "~/lib/clock.server";
import { getConfig } from "~/lib/config.server";
import { formatPhoneNational } from "~/lib/phone";

// What a point of sale's public page shows, read once for both of its renderers: the published
// document (server/public-pages.ts, decision 0144) and the React Router route that answers a
// signed-in visitor, its 404 and a renamed store's redirect. Throws AppError("storeNotFound").

export type PointOfSalePageData = Awaited<ReturnType<typeof loadPointOfSalePage>>;

export async function loadPointOfSalePage(input: {
  url: URL;
  username: string;
  slug: string;
  locale: Locale;
}) {
  const query = parseStorefrontQuery(input.url);
  const { locale } = input;
  const now = getClock().now();
  const page = await getPointOfSalePage(getPublicDb(), input.username, input.slug, { ...query, locale }, now);
  const t = getFixedT(locale);
  const name = `${page.store.name} — ${page.point.name}`;
  return {
    ...page,
    renderedAt: now.toISOString(),
    phoneDisplay: page.point.phone ? formatPhoneNational(page.point.phone) : null,
    platformUrl: getConfig().baseUrl,
    query: {
      q: query.q ?? "",
      category: query.category,
      sort: query.sort ?? "name",
      discounted: query.discounted ?? false,
      page: query.page,
    },
    title: t("store:meta.title", { name }),
    description: t("store:meta.description", { name }),
    canonical: `${storeAddress(page.store.username, getConfig().baseUrl)}/${page.point.slug}`,
  };
}
