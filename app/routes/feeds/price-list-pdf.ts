import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { getClock } from "~/features/confirmation/clock.server";
import { buildPriceList } from "~/features/feeds/price-list.server";
import { renderPriceListPdf } from "~/features/pdf/price-list-pdf.server";
import { getPublicStore } from "~/features/stores/public-store.server";
import { requestLocale } from "~/i18n/i18n.server";
import type { Route } from "./+types/price-list-pdf";

/** /{username}/price-list.pdf: the printable price list in the visitor's language. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const store = await getPublicStore(db, params.username);
  if (!store) throw data(null, { status: 404 });
  const locale = requestLocale(request);
  const pdf = await renderPriceListPdf(await buildPriceList(db, store), locale, getClock().now());
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${store.username}-price-list.pdf"`,
      "Cache-Control": "public, max-age=0, must-revalidate",
      Vary: "Cookie",
    },
  });
}
