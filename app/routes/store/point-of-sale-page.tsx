import { useMemo } from "react";
import { data, Link, redirect } from "react-router";
import { Pagination } from "~/components/pagination";
import { getPublicDb } from "~/db/db.server";
import { storeAddress } from "~/features/domains/domain-directory.server";
import { pointOfSaleFilesHref } from "~/features/points-of-sale/components/point-of-sale-files";
import { getPointOfSalePage } from "~/features/points-of-sale/point-of-sale-page.server";
import { ProductCardList, useCardLabels } from "~/features/storefront/components/product-card-list";
import { StorePageScript } from "~/features/storefront/components/store-page-script";
import { StorefrontHeader } from "~/features/storefront/components/storefront-header";
import { StorefrontToolbar } from "~/features/storefront/components/storefront-toolbar";
import { stampText } from "~/features/storefront/stamp";
import { parseStorefrontQuery } from "~/features/storefront/storefront.server";
import { findUsernameRedirect } from "~/features/stores/username-redirect.server";
import type { Locale } from "~/i18n/config";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { useT } from "~/i18n/use-t";
import { isAppError } from "~/lib/app-error";
import { getClock } from "~/lib/clock.server";
import { getConfig } from "~/lib/config.server";
import { formatPhoneNational } from "~/lib/phone";
import { loadAsDocument, STATIC_PAGE } from "~/shell/static-page";
import type { Route } from "./+types/point-of-sale-page";

// Decision 0128: sent as HTML without React in the browser, like the store's own page.
export const handle = STATIC_PAGE;

/** A client navigation to it loads it as a document. */
export const clientLoader = loadAsDocument;

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    { title: loaderData.title },
    { name: "description", content: loaderData.description },
    { tagName: "link", rel: "canonical", href: loaderData.canonical },
  ];
}

/** /{username}/{slug}: one point of sale's price list (the law asks for a list per point of sale). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseStorefrontQuery(url);
  const locale = requestLocale(request);
  const now = getClock().now();
  try {
    const page = await getPointOfSalePage(
      getPublicDb(),
      params.username,
      params.pointOfSale,
      { ...query, locale },
      now,
    );
    const t = getFixedT(locale);
    const name = `${page.store.name} — ${page.point.name}`;
    return data(
      {
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
      },
      { headers: { "Cache-Control": "public, max-age=0, must-revalidate" } },
    );
  } catch (error) {
    if (isAppError(error) && error.code === "storeNotFound") {
      const moved = await findUsernameRedirect(getPublicDb(), params.username);
      if (moved) throw redirect(`/${moved}/${encodeURIComponent(params.pointOfSale)}${url.search}`, 301);
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function PointOfSalePage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useT("store");
  const locale = i18n.language as Locale;
  const labels = useCardLabels();
  const { store, point, stamp, products, total, pageSize, query } = loaderData;
  const storeBase = `/${store.username}`;
  const base = `${storeBase}/${point.slug}`;
  // A report is the store's (one report dialog, on the store's page).
  const reportHref = useMemo(
    () => (id: string) => `${storeBase}?report=${encodeURIComponent(id)}`,
    [storeBase],
  );
  return (
    <div className="min-h-dvh bg-gray-50">
      <StorefrontHeader
        info={{
          username: store.username,
          name: point.name,
          companyName: `${store.name} · ${store.companyName}`,
          phone: point.phone,
          phoneDisplay: loaderData.phoneDisplay,
          address: point.address,
          logo: store.logo,
          hours: point.hours,
        }}
        renderedAt={loaderData.renderedAt}
        stamp={stampText(t, stamp, locale)}
        today={Boolean(stamp?.today)}
        confirmed={Boolean(stamp)}
      />
      <main className="mx-auto max-w-6xl px-4 py-5">
        <Link to={storeBase} className="text-brand-800 text-sm underline">
          {t("pointsOfSale.all", { name: store.name })}
        </Link>
        {!store.active ? (
          <p role="status" className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-6 text-amber-900">
            {t("inactive")}
          </p>
        ) : (
          <div className="mt-3">
            <StorefrontToolbar
              base={base}
              query={query}
              filesHref={pointOfSaleFilesHref(store.username, point.slug)}
            />
            <p className="mt-3 text-gray-700 text-sm">{t("count", { count: total })}</p>
            {products.length === 0 ? (
              <p className="mt-6 rounded-xl border border-gray-200 bg-white p-6 text-center text-gray-700">
                {query.q || query.discounted ? t("noMatches") : t("empty")}
              </p>
            ) : (
              <ProductCardList products={products} labels={labels} reportHref={reportHref} />
            )}
            <Pagination page={query.page} total={total} pageSize={pageSize} />
          </div>
        )}
      </main>
      <footer className="py-6 text-center text-gray-600 text-xs">
        {t("poweredBy")}{" "}
        <a href={loaderData.platformUrl} className="text-brand-800 underline">
          {t("common:appName")}
        </a>
      </footer>
      <StorePageScript />
    </div>
  );
}
