import { FileDown } from "lucide-react";
import { Form, Link } from "react-router";
import { SearchField } from "~/components/search-field";
import { Select } from "~/components/ui/input";
import { useT } from "~/i18n/use-t";

export type StorefrontView = { q: string; category: string; sort: string; discounted: boolean };

/**
 * The price list's title with its downloads (PDF, CSV, Excel, JSON), then search and filters: two GET
 * forms, so each view's URL carries only what it sets.
 */
export function StorefrontToolbar({
  base,
  query,
  filesHref = `${base}/prices`,
}: {
  base: string;
  query: StorefrontView;
  /** The page that explains the files: the store's own unless given. */
  filesHref?: string;
}) {
  const { t } = useT("store");
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-lg">{t("priceList")}</h2>
        <nav aria-label={t("pricelist:downloads.title")} className="flex flex-wrap gap-1.5 text-sm">
          <a
            href={`${base}/price-list.pdf`}
            className="inline-flex items-center gap-1 rounded-md border border-gray-300 bg-white px-2.5 py-1 font-medium text-gray-800 hover:bg-gray-50"
          >
            <FileDown aria-hidden className="size-4" />
            {t("pricelist:downloads.pdf")}
          </a>
          <a
            href={`${base}/prices.csv`}
            className="rounded-md border border-gray-300 bg-white px-2.5 py-1 font-medium text-gray-800 hover:bg-gray-50"
          >
            {t("pricelist:downloads.csv")}
          </a>
          <a
            href={`${base}/prices.xlsx`}
            className="rounded-md border border-gray-300 bg-white px-2.5 py-1 font-medium text-gray-800 hover:bg-gray-50"
          >
            {t("pricelist:downloads.xlsx")}
          </a>
          <a
            href={`${base}/prices.json`}
            className="rounded-md border border-gray-300 bg-white px-2.5 py-1 font-medium text-gray-800 hover:bg-gray-50"
          >
            {t("pricelist:downloads.json")}
          </a>
          <Link to={filesHref} className="px-1 py-1 text-brand-800 underline">
            {t("pricelist:downloads.about")}
          </Link>
        </nav>
      </div>
      {/* Search and filters are two GET forms, so each view's URL carries only what it sets. */}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Form method="get" role="search" className="flex min-w-0 flex-1 gap-2">
          <SearchField
            id="store-search"
            label={t("search.label")}
            placeholder={t("search.placeholder")}
            defaultValue={query.q}
            className="min-w-0 flex-1"
          />
          {/* After the search box: the URL lists q first, as the page cache's one spelling does. */}
          {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
          {query.sort !== "name" ? <input type="hidden" name="sort" value={query.sort} /> : null}
          {query.discounted ? <input type="hidden" name="discounted" value="1" /> : null}
          <button
            type="submit"
            className="h-10 shrink-0 rounded-md bg-brand-700 px-4 font-medium text-sm text-white hover:bg-brand-800"
          >
            {t("search.submit")}
          </button>
        </Form>
        <Form
          method="get"
          className="flex flex-wrap items-center gap-2"
          // The page's inline script applies a change at once (store-page-script.ts).
          data-autosubmit=""
        >
          {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
          {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
          <label htmlFor="store-sort" className="sr-only">
            {t("pricelist:filters.sort")}
          </label>
          <Select id="store-sort" name="sort" defaultValue={query.sort} className="w-auto max-w-full">
            <option value="name">{t("pricelist:filters.sortName")}</option>
            <option value="price_asc">{t("pricelist:filters.sortPriceAsc")}</option>
            <option value="price_desc">{t("pricelist:filters.sortPriceDesc")}</option>
          </Select>
          <label className="flex h-10 items-center gap-2 rounded-md border border-gray-300 bg-white px-3 text-sm">
            <input
              type="checkbox"
              name="discounted"
              value="1"
              defaultChecked={query.discounted}
              className="size-4 accent-brand-600"
            />
            {t("pricelist:filters.discounted")}
          </label>
          {/* With JavaScript a changed sort or "only discounted" applies at once; the button
              is for a browser without it. */}
          <noscript>
            <button
              type="submit"
              className="h-10 rounded-md border border-gray-300 bg-white px-4 font-medium text-gray-900 text-sm hover:bg-gray-50"
            >
              {t("pricelist:filters.apply")}
            </button>
          </noscript>
        </Form>
      </div>
    </>
  );
}
