import { data, redirect } from "react-router";
import { getPublicDb } from "~/db/db.server";
import { storeAddress } from "~/features/domains/domain-directory.server";
import { EmbedPage } from "~/features/embed/components/embed-page";
import { embedMeta } from "~/features/embed/embed-meta";
import { embedFramers, embedHeaders, PREVIEW_PARAM } from "~/features/embed/embed-page.server";
import { catalogueCache } from "~/features/storefront/public-caches.server";
import { getStorefront, parseStorefrontQuery } from "~/features/storefront/storefront.server";
import { findUsernameRedirect } from "~/features/stores/username-redirect.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { isAppError } from "~/lib/app-error";
import { getClock } from "~/lib/clock.server";
import { getConfig } from "~/lib/config.server";
import { SCRIPTLESS_PAGE } from "~/shell/static-page";
import type { Route } from "./+types/store-embed";

// Decision 0136: the store's price list for an <iframe> on its own website: the store page's data
// and stamp, search and category as GET links and forms, no script at all. Framed only by the
// origins its owner declared (the security headers read the loader's ask).
export const handle = SCRIPTLESS_PAGE;

export const meta: Route.MetaFunction = embedMeta;

/** /{username}/embed: the compact price list for a frame on the store's website. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseStorefrontQuery(url);
  const locale = requestLocale(request);
  const now = getClock().now();
  const config = getConfig();
  const preview = url.searchParams.get(PREVIEW_PARAM) === "1";
  try {
    const storefront = await getStorefront(
      getPublicDb(),
      params.username,
      { ...query, sort: "name", discounted: false, reportId: undefined, locale },
      now,
      catalogueCache,
    );
    const framers = await embedFramers(getPublicDb(), storefront.store.id, {
      preview,
      platformOrigin: new URL(config.baseUrl).origin,
    });
    const t = getFixedT(locale);
    return data(
      {
        page: {
          title: t("store:embed.title", { name: storefront.store.name }),
          active: storefront.store.active,
          stamp: storefront.stamp,
          categories: storefront.categories,
          products: storefront.products,
          total: storefront.total,
          pageSize: storefront.pageSize,
          query: { q: query.q ?? "", category: query.category, page: query.page },
          fullUrl: storeAddress(storefront.store.username, config.baseUrl),
          platformUrl: config.baseUrl,
          preview,
        },
      },
      { headers: embedHeaders(framers) },
    );
  } catch (error) {
    if (isAppError(error) && error.code === "storeNotFound") {
      const moved = await findUsernameRedirect(getPublicDb(), params.username);
      if (moved) throw redirect(`/${moved}/embed${url.search}`, 301);
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function StoreEmbed({ loaderData }: Route.ComponentProps) {
  return <EmbedPage page={loaderData.page} />;
}
