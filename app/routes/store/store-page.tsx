import { data, redirect } from "react-router";
import { Pagination } from "~/components/pagination";
import { getPublicDb } from "~/db/db.server";
import { storeAddress } from "~/features/domains/domain-directory.server";
import { PointsOfSaleList } from "~/features/points-of-sale/components/points-of-sale-list";
import { listPublicPointsOfSale } from "~/features/points-of-sale/point-of-sale-page.server";
import { NewsSection } from "~/features/posts/components/news-section";
import { listPublicPosts } from "~/features/posts/post.server";
import { ReportDialog } from "~/features/reports/components/report-dialog";
import { reportProductFromForm } from "~/features/reports/report-action.server";
import { CategoryNav } from "~/features/storefront/components/category-nav";
import { ProductCardList, useCardLabels } from "~/features/storefront/components/product-card-list";
import { StorePageScript } from "~/features/storefront/components/store-page-script";
import { StorefrontHeader } from "~/features/storefront/components/storefront-header";
import { StorefrontToolbar } from "~/features/storefront/components/storefront-toolbar";
import { useViewLinks } from "~/features/storefront/components/use-view-links";
import { scriptJson, storeJsonLd } from "~/features/storefront/json-ld";
import { catalogueCache } from "~/features/storefront/public-caches.server";
import { storeMeta, storeSeo } from "~/features/storefront/seo";
import { stampText } from "~/features/storefront/stamp";
import { getStorefront, parseStorefrontQuery, viewQuery } from "~/features/storefront/storefront.server";
import { findUsernameRedirect } from "~/features/stores/username-redirect.server";
import type { Locale } from "~/i18n/config";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { useT } from "~/i18n/use-t";
import { isAppError } from "~/lib/app-error";
import { skopjeDay } from "~/lib/calendar";
import { getClock } from "~/lib/clock.server";
import { getConfig } from "~/lib/config.server";
import { formatPhoneNational } from "~/lib/phone";
import { loadAsDocument, STATIC_PAGE } from "~/shell/static-page";
import type { Route } from "./+types/store-page";

// Decision 0128: the public price list is HTML and CSS without React in the browser (as the landing
// page, decision 0097): links and forms do everything a visitor does; a small inline script adds
// the rest (store-page-script.ts).
export const handle = STATIC_PAGE;

/** A client navigation to a store page (a link on a hydrated page) loads it as a document. */
export const clientLoader = loadAsDocument;

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? storeMeta(loaderData.seo) : [];
}

/** The public price list, rendered on the server for visitors, inspectors and crawlers alike. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseStorefrontQuery(url);
  const locale = requestLocale(request);
  const now = getClock().now();
  try {
    const { products, ...storefront } = await getStorefront(
      getPublicDb(),
      params.username,
      { ...query, locale },
      now,
      catalogueCache,
    );
    // The newest three posts (decision 0060), on the price list's first, unfiltered view only.
    const mainView = !query.q && !query.categoryId && !query.discounted && query.page === 1;
    const news =
      mainView && storefront.store.active
        ? (await listPublicPosts(getPublicDb(), storefront.store.id, skopjeDay(now), 3)).posts
        : [];
    // The points of sale, each to its own list, when the store has several.
    const pointsOfSale = storefront.store.active
      ? await listPublicPointsOfSale(getPublicDb(), storefront.store)
      : [];
    const t = getFixedT(locale);
    return data(
      {
        ...storefront,
        products,
        news,
        pointsOfSale,
        shown: products.length,
        renderedAt: now.toISOString(),
        // Formatted here: libphonenumber's metadata would add 40 KB to the page's JavaScript.
        phoneDisplay: storefront.store.phone ? formatPhoneNational(storefront.store.phone) : null,
        // Absolute: on a store's subdomain a client-side link to "/" would stay on the store's host.
        platformUrl: getConfig().baseUrl,
        // The store's own address for its structured data: its verified domain when it has one (decision 0133).
        storeUrl: storeAddress(storefront.store.username, getConfig().baseUrl),
        query: viewQuery(query),
        seo: storeSeo({
          t,
          locale,
          store: storefront.store,
          total: storefront.total,
          stamp: storefront.stamp,
          baseUrl: getConfig().baseUrl,
          address: storeAddress(storefront.store.username, getConfig().baseUrl),
          query,
        }),
      },
      { headers: { "Cache-Control": "public, max-age=0, must-revalidate" } },
    );
  } catch (error) {
    if (isAppError(error) && error.code === "storeNotFound") {
      // A renamed store's old address answers 301 for 90 days, so old links keep working.
      const moved = await findUsernameRedirect(getPublicDb(), params.username);
      if (moved) throw redirect(`/${moved}${url.search}`, 301);
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** A signed-out visitor's report of a product. */
export function action({ request, params }: Route.ActionArgs) {
  return reportProductFromForm(request, params.username);
}

const JSON_LD_ID = "store-json-ld";

export default function StorePage({ loaderData, actionData }: Route.ComponentProps) {
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
      <footer className="py-6 text-center text-gray-600 text-xs">
        {t("poweredBy")}{" "}
        <a href={loaderData.platformUrl} className="text-brand-800 underline">
          {t("common:appName")}
        </a>
      </footer>
    </div>
  );
}
