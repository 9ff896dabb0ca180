import { getPublicDb } from "~/db/db.server";
import { feedNotFound } from "~/features/feeds/not-found";
import { buildPriceList } from "~/features/feeds/price-list.server";
import { renderPriceListPdf } from "~/features/pdf/price-list-pdf.server";
import { priceListPdfCache } from "~/features/pdf/price-list-pdf-cache.server";
import { priceListPdfResponse } from "~/features/pdf/price-list-pdf-response.server";
import { publicStoreCache } from "~/features/storefront/public-caches.server";
import { requestLocale } from "~/i18n/i18n.server";
import { getClock } from "~/lib/clock.server";
import type { Route } from "./+types/price-list-pdf";

/** /{username}/price-list.pdf: the printable price list in the visitor's language, built once per version. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getPublicDb();
  // From memory while current (decision 0100): no query, so no wait for a write in progress.
  const store = await publicStoreCache.get(db, params.username);
  if (!store) throw feedNotFound("price-list.pdf");
  const locale = requestLocale(request);
  const now = getClock().now();
  const served = await priceListPdfCache.get(store, locale, now, async () =>
    renderPriceListPdf(await buildPriceList(db, store, now), locale, now),
  );
  return priceListPdfResponse(request, served, locale, `${store.username}-price-list.pdf`);
}
