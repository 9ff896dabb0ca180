import { ExternalLink } from "lucide-react";
import { Pagination } from "~/components/pagination";
import { SearchField } from "~/components/search-field";
import { CategoryNav } from "~/features/storefront/components/category-nav";
import { ProductCardList, useCardLabels } from "~/features/storefront/components/product-card-list";
import { PriceStamp } from "~/features/storefront/components/storefront-header";
import { useViewLinks } from "~/features/storefront/components/use-view-links";
import type { CardProduct } from "~/features/storefront/product-cards-html";
import { stampText } from "~/features/storefront/stamp";
import type { Locale } from "~/i18n/config";
import { useT } from "~/i18n/use-t";

type Stamp = Parameters<typeof stampText>[1];

export type EmbedPageData = {
  title: string;
  active: boolean;
  stamp: Stamp;
  categories: { id: string; name: string }[];
  products: CardProduct[];
  total: number;
  pageSize: number;
  query: { q: string; category: string; page: number };
  /** The store's (or point of sale's) own page, opened in a new tab. */
  fullUrl: string;
  platformUrl: string;
  preview: boolean;
};

/**
 * The embeddable price list (decision 0136): the store's name, its compliance stamp, search,
 * categories, the cards and paging, as HTML without any script. Every link and form stays inside the
 * frame on this same /embed address, except the full list, the reports and the platform, which open
 * a new tab (their pages may not be framed).
 */
export function EmbedPage({ page }: { page: EmbedPageData }) {
  const { t, i18n } = useT("store");
  const labels = useCardLabels();
  const { withParams } = useViewLinks();
  const { query } = page;
  return (
    <div className="min-h-dvh bg-white text-gray-900">
      <header className="border-gray-200 border-b px-4 py-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h1 className="font-semibold text-base wrap-anywhere">{page.title}</h1>
          <a
            href={page.fullUrl}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 text-brand-800 text-sm underline"
          >
            {t("embed.fullList")}
            <ExternalLink aria-hidden className="size-3.5" />
          </a>
        </div>
        <div className="mt-1.5">
          <PriceStamp
            stamp={stampText(t, page.stamp, i18n.language as Locale)}
            today={Boolean(page.stamp?.today)}
            confirmed={Boolean(page.stamp)}
          />
        </div>
      </header>
      <main className="px-4 py-3">
        {!page.active ? (
          <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
            {t("inactive")}
          </p>
        ) : (
          <>
            {/* A plain GET form to this same address: the search stays inside the frame. */}
            <search>
              <form method="get" className="flex gap-2">
                <SearchField
                  id="embed-search"
                  label={t("search.label")}
                  placeholder={t("search.placeholder")}
                  defaultValue={query.q}
                  className="min-w-0 flex-1"
                />
                {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
                {page.preview ? <input type="hidden" name="preview" value="1" /> : null}
                <button
                  type="submit"
                  className="h-10 shrink-0 rounded-md bg-brand-700 px-4 font-medium text-sm text-white hover:bg-brand-800"
                >
                  {t("search.submit")}
                </button>
              </form>
            </search>
            <CategoryNav
              categories={page.categories}
              current={query.category}
              hrefFor={(id) => withParams({ category: id || null, page: null })}
            />
            <p className="mt-3 text-gray-700 text-sm">{t("count", { count: page.total })}</p>
            {page.products.length === 0 ? (
              <p className="mt-4 rounded-xl border border-gray-200 p-4 text-center text-gray-700">
                {query.q || query.category ? t("noMatches") : t("empty")}
              </p>
            ) : (
              <ProductCardList
                products={page.products}
                labels={labels}
                reportHref={(id) => `${page.fullUrl}?report=${encodeURIComponent(id)}`}
                reportTarget="_blank"
              />
            )}
            <Pagination page={query.page} total={page.total} pageSize={page.pageSize} />
          </>
        )}
      </main>
      <footer className="px-4 pb-3 text-center text-gray-600 text-xs">
        {t("poweredBy")}{" "}
        <a href={page.platformUrl} target="_blank" rel="noopener" className="text-brand-800 underline">
          {t("common:appName")}
        </a>
      </footer>
    </div>
  );
}
