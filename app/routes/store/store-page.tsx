import { data, redirect } from "react-router";
import { getPublicDb } from "~/db/db.server";
import { reportProductFromForm } from "~/features/reports/report-action.server";
import { StorePageView } from "~/features/storefront/components/store-page-view";
import { storeMeta } from "~/features/storefront/seo";
import { loadStorePage, STORE_PAGE_CACHE_CONTROL } from "~/features/storefront/store-page.server";
import { findUsernameRedirect } from "~/features/stores/username-redirect.server";
import { requestLocale } from "~/i18n/i18n.server";
import { isAppError } from "~/lib/app-error";
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

/**
 * The public price list. A visitor's GET is answered before React Router as a published document
 * (server/public-pages.ts, decision 0144); this route renders it for a report's form post, a
 * signed-in visitor's first render and a view that carries a flash message, and answers 404 and a
 * renamed store's redirect.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    return data(await loadStorePage({ url, username: params.username, locale: requestLocale(request) }), {
      headers: { "Cache-Control": STORE_PAGE_CACHE_CONTROL },
    });
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

export default function StorePage({ loaderData, actionData }: Route.ComponentProps) {
  return <StorePageView data={loaderData} actionData={actionData} />;
}
