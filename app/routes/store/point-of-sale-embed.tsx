import { data, redirect } from "react-router";
import { getPublicDb } from "~/db/db.server";
import { storeAddress } from "~/features/domains/domain-directory.server";
import { EmbedPage } from "~/features/embed/components/embed-page";
import { embedMeta } from "~/features/embed/embed-meta";
import { embedFramers, embedHeaders, PREVIEW_PARAM } from "~/features/embed/embed-page.server";
import { getPointOfSalePage } from "~/features/points-of-sale/point-of-sale-page.server";
import { parseStorefrontQuery } from "~/features/storefront/storefront.server";
import { findUsernameRedirect } from "~/features/stores/username-redirect.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { isAppError } from "~/lib/app-error";
import { getClock } from "~/lib/clock.server";
import { getConfig } from "~/lib/config.server";
import { SCRIPTLESS_PAGE } from "~/shell/static-page";
import type { Route } from "./+types/point-of-sale-embed";

// Decision 0136: one point of sale's price list for a frame on the store's website (the law asks for
// a list per point of sale); the same page and framing rules as the store's /embed.
export const handle = SCRIPTLESS_PAGE;

export const meta: Route.MetaFunction = embedMeta;

/** /{username}/{pointOfSale}/embed. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseStorefrontQuery(url);
  const locale = requestLocale(request);
  const now = getClock().now();
  const config = getConfig();
  const preview = url.searchParams.get(PREVIEW_PARAM) === "1";
  try {
    const found = await getPointOfSalePage(
      getPublicDb(),
      params.username,
      params.pointOfSale,
      { ...query, sort: "name", discounted: false, reportId: undefined, locale },
      now,
    );
    const framers = await embedFramers(getPublicDb(), found.store.id, {
      preview,
      platformOrigin: new URL(config.baseUrl).origin,
    });
    const t = getFixedT(locale);
    return data(
      {
        page: {
          title: t("store:embed.title", { name: `${found.store.name} — ${found.point.name}` }),
          active: found.store.active,
          stamp: found.stamp,
          categories: [],
          products: found.products,
          total: found.total,
          pageSize: found.pageSize,
          query: { q: query.q ?? "", category: query.category, page: query.page },
          fullUrl: `${storeAddress(found.store.username, config.baseUrl)}/${found.point.slug}`,
          platformUrl: config.baseUrl,
          preview,
        },
      },
      { headers: embedHeaders(framers) },
    );
  } catch (error) {
    if (isAppError(error) && error.code === "storeNotFound") {
      const moved = await findUsernameRedirect(getPublicDb(), params.username);
      if (moved)
        throw redirect(`/${moved}/${encodeURIComponent(params.pointOfSale)}/embed${url.search}`, 301);
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function PointOfSaleEmbed({ loaderData }: Route.ComponentProps) {
  return <EmbedPage page={loaderData.page} />;
}
