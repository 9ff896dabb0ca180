import { getPublicDb } from "~/db/db.server";
import { feedNotFound } from "~/features/feeds/not-found";
import { renderPriceListPdf } from "~/features/pdf/price-list-pdf.server";
import { priceListPdfCache } from "~/features/pdf/price-list-pdf-cache.server";
import { priceListPdfResponse } from "~/features/pdf/price-list-pdf-response.server";
import { findPointOfSaleBySlug } from "~/features/points-of-sale/point-of-sale.server";
import { buildPointOfSalePriceList } from "~/features/points-of-sale/point-of-sale-prices.server";
import { getPublicStore } from "~/features/stores/public-store.server";
import { requestLocale } from "~/i18n/i18n.server";
import { getClock } from "~/lib/clock.server";
import type { Route } from "./+types/point-of-sale-price-list-pdf";

/** /{username}/{slug}/price-list.pdf: one point of sale's printable list, cached like the store's. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getPublicDb();
  const store = await getPublicStore(db, params.username);
  if (!store) throw feedNotFound("price-list.pdf");
  const point = await findPointOfSaleBySlug(db, store.id, params.pointOfSale);
  if (!point) throw feedNotFound("price-list.pdf");
  const locale = requestLocale(request);
  const now = getClock().now();
  // Keyed by the point's id (unique across stores), with the store's version: never the store's entry.
  const served = await priceListPdfCache.get(
    { id: point.id, version: store.version },
    locale,
    now,
    async () => renderPriceListPdf(await buildPointOfSalePriceList(db, store, point, now), locale, now),
  );
  return priceListPdfResponse(request, served, locale, `${store.username}-${point.slug}-price-list.pdf`);
}
