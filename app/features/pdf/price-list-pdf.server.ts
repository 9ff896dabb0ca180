import path from "node:path";
import type { PriceList } from "~/features/feeds/price-list.server";
import type { Locale } from "~/i18n/config";
import { resources } from "~/i18n/resources";
import { compareNames } from "~/lib/name-order";
import { PdfRenderPool } from "./pdf-render-pool.server";

// A cold 5,000-product PDF kept the event loop busy for 6–14 s, so every other request of
// the process waited. It now renders in a worker thread (decision 0049), one at a time per process
// (two cores, often several processes); further requests wait in order. The cache in front of it
// (price-list-pdf-cache.server.ts) makes that rare: once per store version, language and day.

/** The process's PDF threads; the worker gets the catalogues once, when it starts. */
export const pdfRenderPool = new PdfRenderPool({
  size: 1,
  // From the sources (dev server, tests, benchmarks): the TypeScript worker beside this file, run
  // through tsx. The server bundle points it at its built copy (server/app.ts).
  script: path.join(import.meta.dirname, "price-list-pdf.worker.ts"),
  workerData: { resources },
});

/** The printable price list of `list` in `locale` as of `now`, drawn off the event loop. */
export function renderPriceListPdf(list: PriceList, locale: Locale, now: Date): Promise<Buffer> {
  return pdfRenderPool.render({ list: inPdfOrder(list, locale), locale, now: now.getTime() });
}

/**
 * An Albanian PDF lists the products by the names it shows (decision 0074): the Albanian
 * name where the list has one (only stores with Albanian content on have them), else the Macedonian.
 */
function inPdfOrder(list: PriceList, locale: Locale): PriceList {
  if (locale !== "sq" || !list.products.some((item) => item.nameSq)) return list;
  const shown = (item: PriceList["products"][number]) => item.nameSq || item.name;
  const products = [...list.products].sort(
    (a, b) => compareNames(shown(a), shown(b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return { ...list, products };
}
