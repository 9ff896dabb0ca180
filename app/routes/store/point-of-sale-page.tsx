import { data, redirect } from "react-router";
import { getPublicDb } from "~/db/db.server";
import { PointOfSalePageView } from "~/features/points-of-sale/components/point-of-sale-page-view";
import { pointOfSaleMeta } from "~/features/points-of-sale/point-of-sale-meta";
import { loadPointOfSalePage } from "~/features/points-of-sale/point-of-sale-public-page.server";
import { findUsernameRedirect } from "~/features/stores/username-redirect.server";
import { requestLocale } from "~/i18n/i18n.server";
import { isAppError } from "~/lib/app-error";
import { loadAsDocument, STATIC_PAGE } from "~/shell/static-page";
import type { Route } from "./+types/point-of-sale-page";

// Decision 0128: sent as HTML without React in the browser, like the store's own page.
export const handle = STATIC_PAGE;

/** A client navigation to it loads it as a document. */
export const clientLoader = loadAsDocument;

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? pointOfSaleMeta(loaderData) : [];
}

/**
 * /{username}/{slug}: one point of sale's price list (the law asks for a list per point of sale). A
 * visitor's GET is answered before React Router as a published document (server/public-pages.ts,
 * decision 0144); this route renders it for a signed-in visitor, and answers 404 and a renamed
 * store's redirect.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const page = await loadPointOfSalePage({
      url,
      username: params.username,
      slug: params.pointOfSale,
      locale: requestLocale(request),
    });
    return data(page, { headers: { "Cache-Control": "public, max-age=0, must-revalidate" } });
  } catch (error) {
    if (isAppError(error) && error.code === "storeNotFound") {
      const moved = await findUsernameRedirect(getPublicDb(), params.username);
      if (moved) throw redirect(`/${moved}/${encodeURIComponent(params.pointOfSale)}${url.search}`, 301);
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function PointOfSalePage({ loaderData }: Route.ComponentProps) {
  return <PointOfSalePageView data={loaderData} />;
}
