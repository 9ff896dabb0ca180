import { useMemo } from "react";
import { Link } from "react-router";
import { Pagination } from "~/components/pagination";
import { pointOfSaleFilesHref } from "~/features/points-of-sale/components/point-of-sale-files";
import type { PointOfSalePageData } from "~/features/points-of-sale/point-of-sale-public-page.server";
import { PoweredByFooter } from "~/features/storefront/components/powered-by-footer";
import { ProductCardList, useCardLabels } from "~/features/storefront/components/product-card-list";
import { StorePageScript } from "~/features/storefront/components/store-page-script";
import { StorefrontHeader } from "~/features/storefront/components/storefront-header";
import { StorefrontToolbar } from "~/features/storefront/components/storefront-toolbar";
import { stampText } from "~/features/storefront/stamp";
import type { Locale } from "~/i18n/config";
import { useT } from "~/i18n/use-t";

/**
 * A point of sale's public price list: one tree for the published document (decision 0144) and for
 * the route that renders it for a signed-in visitor.
 */
export function PointOfSalePageView({ data: loaderData }: { data: PointOfSalePageData }) {
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
      <PoweredByFooter platformUrl={loaderData.platformUrl} />
      <StorePageScript />
    </div>
  );
}
