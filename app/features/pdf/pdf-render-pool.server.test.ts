import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { PriceList, PriceListItem } from "~/features/feeds/price-list.server";
import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { resources } from "~/i18n/resources";
import { PdfRenderPool } from "./pdf-render-pool.server";
import { drawPriceListPdf } from "./price-list-pdf-document.server";

// Decision 0049: price-list PDFs render in worker threads, so a large store's first PDF no longer
// stops every other request of the process for seconds.

const item = (n: number): PriceListItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  name: `Јогурт Бимилк ${n} г №${n}`,
  nameSq: null,
  descriptionSq: null,
  category: null,
  description: n % 2 ? "Домашно производство, чувајте на ладно место." : null,
  priceCents: 3_000 + n,
  regularPriceCents: n % 10 === 0 ? 4_000 + n : null,
  discountPercent: n % 10 === 0 ? 20 : null,
  discountAmountCents: n % 10 === 0 ? 1_000 : null,
  // Every tenth a promotion, with the law's type, days and prior price.
  discountType: n % 10 === 0 ? "seasonal" : null,
  discountFrom: n % 10 === 0 ? "2026-11-18" : null,
  discountTo: n % 10 === 0 ? "2026-11-30" : null,
  priorPriceCents: n % 10 === 0 ? 3_900 + n : null,
  unitPriceCents: 6_000,
  unitPricePer: "kg",
  unit: "piece",
  vatRate: "18",
  availability: "in_stock",
  barcode: null,
  updatedAt: "2026-11-20T07:00:00.000Z",
});

const listOf = (products: number): PriceList => ({
  store: { username: "demo", name: "Маркет Демо", companyName: "Демо ДООЕЛ" },
  confirmedAt: "2026-11-20T07:05:00.000Z",
  updatedAt: "2026-11-20T07:05:00.000Z",
  currency: "MKD",
  products: Array.from({ length: products }, (_, n) => item(n)),
});

const now = new Date("2026-11-20T08:00:00Z");

// Two threads, to see the bound hold; the server's pool has one (price-list-pdf.server.ts).
const pool = new PdfRenderPool<{ list: PriceList; locale: Locale; now: number }>({
  size: 2,
  script: path.join(import.meta.dirname, "price-list-pdf.worker.ts"),
  workerData: { resources },
});
afterAll(() => pool.close());
const threaded = (list: PriceList, locale: Locale) => pool.render({ list, locale, now: now.getTime() });
const inProcess = (list: PriceList, locale: Locale) => drawPriceListPdf(list, locale, now, getFixedT(locale));

describe("PDF rendering in worker threads", () => {
  it("makes the same PDF as rendering in the process", async () => {
    const list = listOf(40);
    const [fromThread, fromProcess] = await Promise.all([threaded(list, "sq"), inProcess(list, "sq")]);
    expect(fromThread.subarray(0, 5).toString()).toBe("%PDF-");
    expect(fromThread.equals(fromProcess)).toBe(true);
  });

  it("leaves the event loop free while a large list renders", async () => {
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const at = performance.now();
      longestGap = Math.max(longestGap, at - last);
      last = at;
    }, 5);
    const started = performance.now();
    const pdf = await threaded(listOf(1_500), "mk");
    const took = performance.now() - started;
    // The tick that was held up, if any, runs before the ticker stops.
    await new Promise((resolve) => setTimeout(resolve, 30));
    clearInterval(ticker);
    expect(pdf.length).toBeGreaterThan(50_000);
    // In the process this render held the loop for its whole duration (seconds on these machines).
    expect(
      longestGap,
      `longest pause ${longestGap.toFixed(0)} ms of a ${took.toFixed(0)} ms render`,
    ).toBeLessThan(Math.min(250, took / 2));
  });

  it("runs at most its size at once, answers each request with its own list, and survives a failure", async () => {
    const lists = [3, 5, 7, 9].map(listOf);
    const broken = { ...listOf(1), products: null } as unknown as PriceList;
    const results = await Promise.allSettled([
      ...lists.map((list) => threaded(list, "en")),
      threaded(broken, "en"),
    ]);
    expect(pool.threadCount).toBeLessThanOrEqual(2);
    expect(results[4]!.status).toBe("rejected");
    for (const [index, list] of lists.entries()) {
      const result = results[index]!;
      if (result.status !== "fulfilled") throw result.reason;
      expect(result.value.equals(await inProcess(list, "en"))).toBe(true);
    }
    expect((await threaded(listOf(2), "mk")).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
