import { parentPort, workerData } from "node:worker_threads";
import type { TFunction } from "i18next";
import type { PriceList } from "~/features/feeds/price-list.server";
import type { Locale, Messages } from "~/i18n/config";
import { createI18n } from "~/i18n/i18n";
import { remembering } from "~/i18n/use-t";
import type { PdfJob, PdfResult } from "./pdf-render-pool.server";
import { drawPriceListPdf } from "./price-list-pdf-document.server";

// A worker thread of the PDF pool (price-list-pdf.server.ts, decision 0049). Its texts come from the
// catalogues the server sent when it started, through the same t() the server uses (getFixedT).

const { resources } = workerData as { resources: Record<Locale, Messages> };
const ts = new Map<Locale, TFunction>();
const tFor = (locale: Locale) => {
  let t = ts.get(locale);
  if (!t) {
    t = remembering(createI18n(locale, resources[locale]).t);
    ts.set(locale, t);
  }
  return t;
};

type Input = { list: PriceList; locale: Locale; now: number };

parentPort?.on("message", async ({ id, input }: PdfJob<Input>) => {
  let answer: PdfResult;
  try {
    answer = {
      id,
      pdf: await drawPriceListPdf(input.list, input.locale, new Date(input.now), tFor(input.locale)),
    };
  } catch (error) {
    answer = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(answer);
});
