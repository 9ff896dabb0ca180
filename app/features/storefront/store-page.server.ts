import { getPublicDb } from "~/db/db.server";
import { storeAddress } from "~/features/domains/domain-directory.server";
import { listPublicPointsOfSale } from "~/features/points-of-sale/point-of-sale-page.server";
import { listPublicPosts } from "~/features/posts/post.server";
import { catalogueCache } from "~/features/storefront/public-caches.server";
import { storeSeo } from "~/features/storefront/seo";
import {
  parseStorefrontQuery,
  storefrontCatalogue,
  storefrontOf,
  viewQuery,
} from "~/features/storefront/storefront.server";
import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { skopjeDay } from "~/lib/calendar";
import { getClock } from "~/lib/clock.server";
import { getConfig } from "~/lib/config.server";
import { formatPhoneNational } from "~/lib/phone";

// What the public store page shows, read once for both of its renderers: the published document
// (server/public-pages.ts, decision 0144) and the React Router route that still answers its form
// posts, its 404 and a renamed store's redirect. Throws AppError("storeNotFound").

// A post or a point of sale changes the store's version (database triggers, decision 0016), and a
// held catalogue is one version on one day (posts appear on their day): what the page reads beside
// the catalogue is read once per held catalogue. Without a catalogue cache every load is a new
// object, and every render reads them.
const newsHeld = new WeakMap<object, Promise<Awaited<ReturnType<typeof listPublicPosts>>["posts"]>>();
const pointsHeld = new WeakMap<object, Promise<Awaited<ReturnType<typeof listPublicPointsOfSale>>>>();

function heldWith<T>(
  held: WeakMap<object, Promise<T>>,
  catalogue: object,
  load: () => Promise<T>,
): Promise<T> {
  let value = held.get(catalogue);
  if (!value) {
    value = load();
    held.set(catalogue, value);
    value.catch(() => held.delete(catalogue));
  }
  return value;
}

export type StorePageData = Awaited<ReturnType<typeof loadStorePage>>;

export async function loadStorePage(input: { url: URL; username: string; locale: Locale }) {
  const query = parseStorefrontQuery(input.url);
  const { locale } = input;
  const now = getClock().now();
  const catalogue = await storefrontCatalogue(getPublicDb(), input.username, now, catalogueCache);
  const { products, ...storefront } = await storefrontOf(getPublicDb(), catalogue, { ...query, locale }, now);
  // The newest three posts (decision 0060), on the price list's first, unfiltered view only.
  const mainView = !query.q && !query.categoryId && !query.discounted && query.page === 1;
  const news =
    mainView && storefront.store.active
      ? await heldWith(newsHeld, catalogue, async () => {
          return (await listPublicPosts(getPublicDb(), storefront.store.id, skopjeDay(now), 3)).posts;
        })
      : [];
  // The points of sale, each to its own list, when the store has several.
  const pointsOfSale = storefront.store.active
    ? await heldWith(pointsHeld, catalogue, () => listPublicPointsOfSale(getPublicDb(), storefront.store))
    : [];
  const t = getFixedT(locale);
  return {
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
  };
}

/** Every visitor's copy is the same; a browser revalidates it (ETag) on each visit. */
export const STORE_PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate";
