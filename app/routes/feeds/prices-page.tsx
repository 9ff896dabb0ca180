import { data } from "react-router";
import { loadPricesPage } from "~/features/feeds/prices-page.server";
import { PricesPageView } from "~/features/feeds/prices-page-view";
import { requestLocale } from "~/i18n/i18n.server";
import { publicPageMeta } from "~/lib/page-title";
import { loadAsDocument, STATIC_PAGE } from "~/shell/static-page";
import type { Route } from "./+types/prices-page";

// Decision 0128: a published document like the store page, HTML without React in the browser.
// Everything on it is a link, and the language switcher a form post.
export const handle = STATIC_PAGE;

/** A client navigation to it (from the dashboard, say) loads it as a document. */
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = publicPageMeta;

/**
 * /{username}/prices. A signed-out visitor's GET is answered before React Router as a published
 * document (server/public-pages.ts, decision 0147); this route renders it for a signed-in visitor
 * and a view with a flash message, and answers the 404 of a store the public may not see.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await loadPricesPage({ username: params.username, locale: requestLocale(request) });
  // Decision 0022: a store the public may not see answers like one that does not exist.
  if (!page) throw data(null, { status: 404 });
  return page;
}

export default function PricesPage({ loaderData }: Route.ComponentProps) {
  return <PricesPageView data={loaderData} />;
}
