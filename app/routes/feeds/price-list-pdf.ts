import { getPublicDb } from "~/db/db.server";
import { feedNotFound } from "~/features/feeds/not-found";
import { buildPriceList } from "~/features/feeds/price-list.server";
import { renderPriceListPdf } from "~/features/pdf/price-list-pdf.server";
import { priceListPdfCache } from "~/features/pdf/price-list-pdf-cache.server";
import { publicStoreCache } from "~/features/storefront/public-caches.server";
import { requestLocale } from "~/i18n/i18n.server";
import { bytesResponse } from "~/lib/bytes-response.server";
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
  const { pdf, etag } = await priceListPdfCache.get(store, locale, now, async () =>
    renderPriceListPdf(await buildPriceList(db, store, now), locale, now),
  );
  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="${store.username}-price-list.pdf"`,
    "Cache-Control": "public, max-age=0, must-revalidate",
    ETag: etag,
    Vary: "Cookie",
  });
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch?.split(",").some((tag) => tag.trim() === etag))
    return new Response(null, { status: 304, headers });
  return bytesResponse(pdf, { headers });
}
