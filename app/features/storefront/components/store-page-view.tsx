import { Pagination } from "~/components/pagination";
import { PointsOfSaleList } from "~/features/points-of-sale/components/points-of-sale-list";
import { NewsSection } from "~/features/posts/components/news-section";
import { type ReportActionData, ReportDialog } from "~/features/reports/components/report-dialog";
import { CategoryNav } from "~/features/storefront/components/category-nav";
import { PoweredByFooter } from "~/features/storefront/components/powered-by-footer";
import { ProductCardList, useCardLabels } from "~/features/storefront/components/product-card-list";
import { StorePageScript } from "~/features/storefront/components/store-page-script";
import { StorefrontHeader } from "~/features/storefront/components/storefront-header";
import { StorefrontToolbar } from "~/features/storefront/components/storefront-toolbar";
import { useViewLinks } from "~/features/storefront/components/use-view-links";
import { scriptJson, storeJsonLd } from "~/features/storefront/json-ld";
import { stampText } from "~/features/storefront/stamp";
import type { StorePageData } from "~/features/storefront/store-page.server";
import type { Locale } from "~/i18n/config";
import { useT } from "~/i18n/use-t";

const JSON_LD_ID = "store-json-ld";

/**
 * The public price list's body: one tree for the published document (decision 0144) and for the
 * route that answers a report's form post with it.
 */
export function StorePageView({
  data: loaderData,
  actionData,
}: {
  data: StorePageData;
  actionData?: ReportActionData;
}) {
  const { t, i18n } = useT("store");
  const locale = i18n.language as Locale;
  const labels = useCardLabels();
  const { store, stamp, categories, total, pageSize, query, reporting, phoneDisplay, products } = loaderData;
  const { withParams, reportHref } = useViewLinks();
  const base = `/${store.username}`;
  const jsonLd = scriptJson(storeJsonLd({ storefront: { store, products }, url: loaderData.storeUrl }));
  return (
    <div className="min-h-dvh bg-gray-50">
      <StorefrontHeader
        info={{ ...store, phoneDisplay }}
        renderedAt={loaderData.renderedAt}
        stamp={stampText(t, stamp, locale)}
        today={Boolean(stamp?.today)}
        confirmed={Boolean(stamp)}
      />
      <main className="mx-auto max-w-6xl px-4 py-5">
        {!store.active ? (
          <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-6 text-amber-900">
            {t("inactive")}
          </p>
        ) : (
          <>
            <PointsOfSaleList username={store.username} points={loaderData.pointsOfSale} />
            <StorefrontToolbar base={base} query={query} />
            <CategoryNav
              categories={categories}
              current={query.category}
              hrefFor={(id) => withParams({ category: id || null, page: null, report: null })}
            />
            <p className="mt-3 text-gray-700 text-sm">{t("count", { count: total })}</p>
            {loaderData.shown === 0 ? (
              <p className="mt-6 rounded-xl border border-gray-200 bg-white p-6 text-center text-gray-700">
                {query.q || query.category || query.discounted ? t("noMatches") : t("empty")}
              </p>
            ) : (
              <ProductCardList products={products} labels={labels} reportHref={reportHref} />
            )}
            <Pagination page={query.page} total={total} pageSize={pageSize} />
            <NewsSection posts={loaderData.news} allHref={`${base}/posts`} />
          </>
        )}
      </main>
      {reporting ? (
        <ReportDialog
          key={reporting.id}
          product={reporting}
          closeHref={withParams({ report: null })}
          result={actionData}
        />
      ) : null}
      <script
        id={JSON_LD_ID}
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped (scriptJson), not markup.
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
      <StorePageScript />
      <PoweredByFooter platformUrl={loaderData.platformUrl} />
    </div>
  );
}
