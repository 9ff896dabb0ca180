import { BadgeCheck, CircleAlert, FileDown } from "lucide-react";
import { useMemo } from "react";
import { createContext, data, Form, Link, redirect, useLocation } from "react-router";
import { CLIENT_IP_HEADER } from "~/auth/auth.server";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Pagination } from "~/components/pagination";
import { SearchField } from "~/components/search-field";
import { Select } from "~/components/ui/input";
import { getDb } from "~/db/db.server";
import { getClock } from "~/features/confirmation/clock.server";
import { type ReportActionData, ReportDialog } from "~/features/reports/components/report-dialog";
import { reportFormValues, reportSchema } from "~/features/reports/report.schema";
import { submitReport, visitorKey } from "~/features/reports/report.server";
import { ProductCardList, useCardLabels } from "~/features/storefront/components/product-card-list";
import { scriptJson, storeJsonLd } from "~/features/storefront/json-ld";
import { catalogueCache } from "~/features/storefront/public-caches.server";
import {
  getStorefront,
  parseStorefrontQuery,
  type StorefrontProduct,
} from "~/features/storefront/storefront.server";
import { StoreBusinessInfo } from "~/features/stores/components/store-business-info";
import { findUsernameRedirect } from "~/features/stores/store-profile.server";
import type { Locale } from "~/i18n/config";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { useT } from "~/i18n/use-t";
import { isAppError } from "~/lib/app-error";
import { cn } from "~/lib/cn";
import { getConfig } from "~/lib/config.server";
import { formatDate, formatTime } from "~/lib/dates";
import { documentRequestContext, useDocumentOnly, useKeptHtml } from "~/lib/document-only";
import { fieldErrors } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import { formatPhoneNational } from "~/lib/phone";
import type { Route } from "./+types/store-page";

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { seo } = loaderData;
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    ...(seo.noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
    { property: "og:type", content: "website" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { property: "og:site_name", content: "Vitrina" },
    { property: "og:locale", content: seo.ogLocale },
    { name: "twitter:card", content: "summary" },
  ];
}

// A document's products reach the component here, not in the hydration data (decision 0012): the
// browser keeps the cards and JSON-LD the server rendered from them.
const documentProductsContext = createContext<StorefrontProduct[] | null>(null);

/** The public price list, rendered on the server for visitors, inspectors and crawlers alike. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseStorefrontQuery(url);
  const locale = requestLocale(request);
  const now = getClock().now();
  try {
    const { products, ...storefront } = await getStorefront(
      getDb(),
      params.username,
      query,
      now,
      catalogueCache,
    );
    const documentOnly = context.get(documentRequestContext);
    if (documentOnly) context.set(documentProductsContext, products);
    const t = getFixedT(locale);
    const base = `${getConfig().baseUrl}/${storefront.store.username}`;
    const stampText = stampLine(t, storefront.stamp, locale);
    const filtered = Boolean(query.q || query.categoryId || query.discounted || query.sort !== "name");
    return data(
      {
        ...storefront,
        products: documentOnly ? null : products,
        shown: products.length,
        renderedAt: now.toISOString(),
        // Formatted here: libphonenumber's metadata would add 40 KB to the page's JavaScript.
        phoneDisplay: storefront.store.phone ? formatPhoneNational(storefront.store.phone) : null,
        // Absolute: on a store's subdomain a client-side link to "/" would stay on the store's host.
        platformUrl: getConfig().baseUrl,
        query: {
          q: query.q ?? "",
          category: query.category,
          sort: query.sort ?? "name",
          discounted: query.discounted ?? false,
          page: query.page,
        },
        seo: {
          title: t("store:meta.title", { name: storefront.store.name }),
          description: t("pricelist:meta.description", {
            name: storefront.store.name,
            count: storefront.total,
            stamp: stampText,
          }),
          canonical: query.page > 1 && !filtered ? `${base}?page=${query.page}` : base,
          noindex: filtered || Boolean(query.reportId),
          ogLocale: { mk: "mk_MK", en: "en_US", sq: "sq_AL" }[locale],
        },
      },
      { headers: { "Cache-Control": "public, max-age=0, must-revalidate" } },
    );
  } catch (error) {
    if (isAppError(error) && error.code === "storeNotFound") {
      // A renamed store's old address answers 301 for 90 days (issue 4).
      const moved = await findUsernameRedirect(getDb(), params.username);
      if (moved) throw redirect(`/${moved}${url.search}`, 301);
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** A signed-out visitor's report of a product (rate-limited per visitor, counted in the database). */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = reportSchema.safeParse(reportFormValues(form));
  if (!parsed.success) {
    return data<ReportActionData>({ ok: false, errors: fieldErrors(parsed.error) }, { status: 400 });
  }
  try {
    await submitReport(getDb(), {
      username: params.username,
      visitor: visitorKey(request.headers.get(CLIENT_IP_HEADER) ?? ""),
      report: parsed.data,
      now: getClock().now(),
    });
    return data<ReportActionData>({ ok: true });
  } catch (error) {
    if (isAppError(error) && error.code === "rateLimited") {
      return data<ReportActionData>(
        { ok: false, errors: { form: "compliance:report.rateLimited" } },
        { status: 429 },
      );
    }
    // Deactivated or deleted since the page was loaded: said in the dialog, not as an error page.
    if (isAppError(error) && error.code === "notFound") {
      return data<ReportActionData>(
        { ok: false, errors: { form: "compliance:report.productGone" } },
        { status: 404 },
      );
    }
    logger.error({ err: error }, "report submit failed");
    return data<ReportActionData>(
      { ok: false, errors: { form: "errors:reportSubmitFailed" } },
      { status: 500 },
    );
  }
}

const JSON_LD_ID = "store-json-ld";

type Stamp = { confirmedAt: string; today: boolean } | null;

function stampLine(
  t: (key: string, options?: Record<string, unknown>) => string,
  stamp: Stamp,
  locale: Locale,
) {
  if (!stamp) return t("pricelist:stamp.never");
  return stamp.today
    ? t("pricelist:stamp.confirmedToday", {
        date: formatDate(stamp.confirmedAt, locale),
        time: formatTime(stamp.confirmedAt),
      })
    : t("pricelist:stamp.lastConfirmed", { date: formatDate(stamp.confirmedAt, locale) });
}

export default function StorePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useT("store");
  const locale = i18n.language as Locale;
  const location = useLocation();
  const labels = useCardLabels();
  const { store, stamp, categories, total, pageSize, query, reporting, phoneDisplay } = loaderData;
  // Null while the browser hydrates a server-rendered page: its cards and JSON-LD stay as they are.
  const documentProducts = useDocumentOnly(documentProductsContext);
  const products = loaderData.products ?? documentProducts;
  const withParams = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) params.set(key, value);
      else params.delete(key);
    }
    const search = params.toString();
    return search ? `?${search}` : location.pathname;
  };
  const base = `/${store.username}`;
  // Built from the page's data in the component, not in the loader: as loader data it would travel
  // a second time in the hydration data (decision 0009).
  const jsonLd = useKeptHtml(
    JSON_LD_ID,
    useMemo(
      () =>
        products &&
        scriptJson(storeJsonLd({ storefront: { store, products }, url: `${loaderData.platformUrl}${base}` })),
      [store, products, loaderData.platformUrl, base],
    ),
  );
  // A card's "Report" link: this view's URL with ?report=<id>, built once per view, not per card.
  const reportHref = useMemo(() => {
    const params = new URLSearchParams(location.search);
    params.delete("report");
    const rest = params.toString();
    const prefix = `?${rest ? `${rest}&` : ""}report=`;
    return (id: string) => `${prefix}${encodeURIComponent(id)}`;
  }, [location.search]);
  return (
    <div className="min-h-dvh bg-gray-50">
      <header className="border-gray-200 border-b bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-start justify-between gap-x-3 gap-y-2 px-4 py-3">
          <StoreBusinessInfo info={{ ...store, phoneDisplay }} renderedAt={loaderData.renderedAt} />
          <LanguageSwitcher />
          {/* The compliance stamp: the first thing under the name, visible without scrolling on a phone. */}
          <p
            data-testid="price-stamp"
            className={cn(
              "flex w-full items-center gap-1.5 rounded-md px-2.5 py-1.5 font-medium text-sm",
              stamp?.today ? "bg-brand-50 text-brand-900" : "bg-amber-50 text-amber-900",
            )}
          >
            {stamp ? (
              <BadgeCheck aria-hidden className="size-4 shrink-0" />
            ) : (
              <CircleAlert aria-hidden className="size-4 shrink-0" />
            )}
            {stampLine(t, stamp, locale)}
          </p>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-5">
        {!store.active ? (
          <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-6 text-amber-900">
            {t("inactive")}
          </p>
        ) : (
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
                  href={`${base}/prices.json`}
                  className="rounded-md border border-gray-300 bg-white px-2.5 py-1 font-medium text-gray-800 hover:bg-gray-50"
                >
                  {t("pricelist:downloads.json")}
                </a>
                <Link to={`${base}/prices`} className="px-1 py-1 text-brand-800 underline">
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
                onChange={(event) => event.currentTarget.requestSubmit()}
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
                {/* With JavaScript a changed sort or "only discounted" applies at once (issue 12 §11); the button
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
            {categories.length > 0 ? (
              // A phone swipes the chips sideways; a wider screen shows them all, in as many rows as it takes
              // (issue 12 §3: a mouse cannot swipe).
              <nav
                aria-label={t("categories")}
                className="-mx-4 mt-3 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
              >
                {[{ id: "", name: t("allCategories") }, ...categories].map((item) => (
                  <Link
                    key={item.id || "all"}
                    to={withParams({ category: item.id || null, page: null, report: null })}
                    aria-current={item.id === query.category ? "page" : undefined}
                    className={cn(
                      "max-w-[85vw] shrink-0 rounded-full border px-3 py-1 text-sm wrap-anywhere sm:max-w-full",
                      item.id === query.category
                        ? "border-brand-700 bg-brand-700 text-white"
                        : "border-gray-300 bg-white text-gray-800 hover:bg-gray-100",
                    )}
                  >
                    {item.name}
                  </Link>
                ))}
              </nav>
            ) : null}
            <p className="mt-3 text-gray-700 text-sm">{t("count", { count: total })}</p>
            {loaderData.shown === 0 ? (
              <p className="mt-6 rounded-xl border border-gray-200 bg-white p-6 text-center text-gray-700">
                {query.q || query.category || query.discounted ? t("noMatches") : t("empty")}
              </p>
            ) : (
              <ProductCardList products={products} labels={labels} reportHref={reportHref} />
            )}
            <Pagination page={query.page} total={total} pageSize={pageSize} />
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
        dangerouslySetInnerHTML={jsonLd}
      />
      <footer className="py-6 text-center text-gray-600 text-xs">
        {t("poweredBy")}{" "}
        <a href={loaderData.platformUrl} className="text-brand-800 underline">
          {t("common:appName")}
        </a>
      </footer>
    </div>
  );
}
