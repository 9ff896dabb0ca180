import { getPublicDb } from "~/db/db.server";
import { feedNotFound } from "~/features/feeds/not-found";
import { renderPriceListPdf } from "~/features/pdf/price-list-pdf.server";
import { priceListPdfCache } from "~/features/pdf/price-list-pdf-cache.server";
import { findPointOfSaleBySlug } from "~/features/points-of-sale/point-of-sale.server";
import { buildPointOfSalePriceList } from "~/features/points-of-sale/point-of-sale-prices.server";
import { getPublicStore } from "~/features/stores/public-store.server";
import { requestLocale } from "~/i18n/i18n.server";
import { bytesResponse } from "~/lib/bytes-response.server";
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
  const { pdf, etag } = await priceListPdfCache.get(
    { id: point.id, version: store.version },
    locale,
    now,
    async () => renderPriceListPdf(await buildPointOfSalePriceList(db, store, point, now), locale, now),
  );
  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="${store.username}-${point.slug}-price-list.pdf"`,
    "Cache-Control": "public, max-age=0, must-revalidate",
    ETag: etag,
    Vary: "Cookie",
  });
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch?.split(",").some((tag) => tag.trim() === etag))
    return new Response(null, { status: 304, headers });
  return bytesResponse(pdf, { headers });
}
