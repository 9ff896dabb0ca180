import type { Locale } from "~/i18n/config";
import { type PriceStamp, stampText } from "./stamp";

// What search engines and link previews read about a store's page (the price list is public
// and indexable; a filtered or reporting view is not a page of its own). Isomorphic.

export type StoreSeo = {
  title: string;
  description: string;
  canonical: string;
  noindex: boolean;
  ogLocale: string;
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function storeSeo(input: {
  t: Translate;
  locale: Locale;
  store: { name: string; username: string };
  total: number;
  stamp: PriceStamp;
  /** The page's absolute base URL, e.g. https://vitrina.mk. */
  baseUrl: string;
  /** The store's own address when it is not {baseUrl}/{username}: its verified domain (decision 0133). */
  address?: string;
  query: {
    q?: string;
    categoryId?: string;
    discounted?: boolean;
    sort?: string;
    page: number;
    reportId?: string;
  };
}): StoreSeo {
  const { t, locale, store, query } = input;
  const base = input.address ?? `${input.baseUrl}/${store.username}`;
  const filtered = Boolean(
    query.q || query.categoryId || query.discounted || (query.sort && query.sort !== "name"),
  );
  return {
    title: t("store:meta.title", { name: store.name }),
    description: t("pricelist:meta.description", {
      name: store.name,
      count: input.total,
      stamp: stampText(t, input.stamp, locale),
    }),
    canonical: query.page > 1 && !filtered ? `${base}?page=${query.page}` : base,
    noindex: filtered || Boolean(query.reportId),
    ogLocale: { mk: "mk_MK", en: "en_US", sq: "sq_AL" }[locale],
  };
}

/** The page's meta tags from its SEO data. */
export function storeMeta(seo: StoreSeo) {
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
