import { Phone, Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Pagination } from "~/components/pagination";
import { Input } from "~/components/ui/input";
import { getDb } from "~/db/db.server";
import { isUuid } from "~/features/catalog/product.queries.server";
import { StorefrontProductCard } from "~/features/storefront/components/storefront-product-card";
import { getStorefront } from "~/features/storefront/storefront.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { isAppError } from "~/lib/app-error";
import { cn } from "~/lib/cn";
import { getConfig } from "~/lib/config.server";
import { parsePage } from "~/lib/pagination";
import { formatPhoneNational } from "~/lib/phone";
import type { Route } from "./+types/store-page";

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: loaderData.title }, { name: "description", content: loaderData.description }];
}

/** The public price list, rendered on the server for visitors, inspectors and crawlers alike. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.slice(0, 200) ?? "";
  const category = url.searchParams.get("category") ?? "";
  try {
    const storefront = await getStorefront(getDb(), params.username, {
      q,
      categoryId: isUuid(category) ? category : undefined,
      page: parsePage(url.searchParams.get("page")),
    });
    const t = getFixedT(requestLocale(request));
    return data(
      {
        ...storefront,
        q,
        category,
        page: parsePage(url.searchParams.get("page")),
        // Absolute: on a store's subdomain a client-side link to "/" would stay on the store's host.
        platformUrl: getConfig().baseUrl,
        title: t("store:meta.title", { name: storefront.store.name }),
        description: t("store:meta.description", { name: storefront.store.name }),
      },
      { headers: { "Cache-Control": "public, max-age=0, must-revalidate" } },
    );
  } catch (error) {
    if (isAppError(error) && error.code === "storeNotFound") throw data(null, { status: 404 });
    throw error;
  }
}

export default function StorePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("store");
  const { store, categories, products, total, pageSize, page, q, category } = loaderData;
  const categoryHref = (id: string) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (id) params.set("category", id);
    const query = params.toString();
    return query ? `?${query}` : ".";
  };
  return (
    <div className="min-h-dvh bg-gray-50">
      <header className="border-gray-200 border-b bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-start justify-between gap-3 px-4 py-4">
          <div className="min-w-0">
            <h1 className="font-bold text-2xl text-gray-900">{store.name}</h1>
            <p className="text-gray-600 text-sm">{store.companyName}</p>
            {store.phone ? (
              <a
                href={`tel:${store.phone}`}
                className="mt-1 inline-flex items-center gap-1.5 text-brand-700 text-sm hover:underline"
              >
                <Phone aria-hidden className="size-4" />
                {formatPhoneNational(store.phone)}
              </a>
            ) : null}
          </div>
          <LanguageSwitcher />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-5">
        {!store.active ? (
          <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-6 text-amber-900">
            {t("inactive")}
          </p>
        ) : (
          <>
            <h2 className="font-semibold text-lg">{t("priceList")}</h2>
            <Form method="get" role="search" className="mt-3 flex gap-2">
              {category ? <input type="hidden" name="category" value={category} /> : null}
              <label htmlFor="store-search" className="sr-only">
                {t("search.label")}
              </label>
              <div className="relative flex-1">
                <Search
                  aria-hidden
                  className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-gray-400"
                />
                <Input
                  id="store-search"
                  name="q"
                  type="search"
                  defaultValue={q}
                  placeholder={t("search.placeholder")}
                  className="pl-9"
                />
              </div>
              <button
                type="submit"
                className="rounded-md bg-brand-600 px-4 font-medium text-sm text-white hover:bg-brand-700"
              >
                {t("search.submit")}
              </button>
            </Form>
            {categories.length > 0 ? (
              <nav aria-label={t("categories")} className="-mx-4 mt-3 flex gap-2 overflow-x-auto px-4 pb-1">
                {[{ id: "", name: t("allCategories") }, ...categories].map((item) => (
                  <Link
                    key={item.id || "all"}
                    to={categoryHref(item.id)}
                    aria-current={item.id === category ? "page" : undefined}
                    className={cn(
                      "shrink-0 rounded-full border px-3 py-1 text-sm",
                      item.id === category
                        ? "border-brand-600 bg-brand-600 text-white"
                        : "border-gray-300 bg-white text-gray-700 hover:bg-gray-100",
                    )}
                  >
                    {item.name}
                  </Link>
                ))}
              </nav>
            ) : null}
            <p className="mt-3 text-gray-600 text-sm">{t("count", { count: total })}</p>
            {products.length === 0 ? (
              <p className="mt-6 rounded-xl border border-gray-200 bg-white p-6 text-center text-gray-600">
                {q || category ? t("noMatches") : t("empty")}
              </p>
            ) : (
              <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {products.map((product) => (
                  <StorefrontProductCard key={product.id} product={product} />
                ))}
              </ul>
            )}
            <Pagination page={page} total={total} pageSize={pageSize} />
          </>
        )}
      </main>
      <footer className="py-6 text-center text-gray-500 text-xs">
        {t("poweredBy")}{" "}
        <a href={loaderData.platformUrl} className="text-brand-700 hover:underline">
          Vitrina
        </a>
      </footer>
    </div>
  );
}
