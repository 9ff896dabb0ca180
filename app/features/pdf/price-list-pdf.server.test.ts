import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { PriceList, PriceListItem } from "~/features/feeds/price-list.server";
import { LOCALES } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { renderPriceListPdf } from "./price-list-pdf.server";

// "Единечна цена" and "Редовна цена" wrapped and their second line fell into the
// first row. Read back where pdftotext finds each word, in every language.

type Word = { text: string; xMin: number; yMin: number; xMax: number; yMax: number };

function words(pdf: Buffer): Word[] {
  const dir = mkdtempSync(path.join(tmpdir(), "vitrina-pdf-"));
  writeFileSync(path.join(dir, "list.pdf"), pdf);
  const html = execFileSync("pdftotext", ["-bbox", "-f", "1", "-l", "1", path.join(dir, "list.pdf"), "-"], {
    encoding: "utf8",
  });
  return [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map(([, xMin, yMin, xMax, yMax, text]) => ({
    text: text!.replace(/&amp;/g, "&"),
    xMin: Number(xMin),
    yMin: Number(yMin),
    xMax: Number(xMax),
    yMax: Number(yMax),
  }));
}

const item = (name: string): PriceListItem => ({
  id: "00000000-0000-4000-8000-000000000001",
  name,
  nameSq: null,
  descriptionSq: null,
  category: null,
  description: null,
  priceCents: 32_000,
  regularPriceCents: 40_000,
  discountPercent: 20,
  discountAmountCents: 8_000,
  discountType: null,
  discountFrom: null,
  discountTo: null,
  priorPriceCents: null,
  unitPriceCents: 47_059,
  unitPricePer: "kg",
  unit: "piece",
  vatRate: "18",
  availability: "in_stock",
  barcode: null,
  updatedAt: "2026-11-20T07:00:00.000Z",
});

const list: PriceList = {
  store: { username: "demo", name: "Маркет Демо", companyName: "Демо ДООЕЛ" },
  confirmedAt: "2026-11-20T07:05:00.000Z",
  updatedAt: "2026-11-20T07:05:00.000Z",
  currency: "MKD",
  products: [item("Првред"), item("Вторред")],
};

const HEADERS = ["name", "price", "unitPrice", "regular", "discount", "availability"];

describe("the PDF's table header", () => {
  for (const locale of LOCALES) {
    it(`${locale}: every header word stays whole, inside the header, above the first row`, async () => {
      const t = getFixedT(locale);
      const found = words(await renderPriceListPdf(list, locale, new Date("2026-11-20T08:00:00Z")));
      const headerWords = HEADERS.flatMap((key) => t(`pricelist:pdf.${key}`).split(/\s+/));
      // The table starts at the name column's header; the page's own header above may share words.
      const top = found.find((word) => word.text === t("pricelist:pdf.name"))!.yMin;
      const header = headerWords.map((text) => {
        const word = found.find((candidate) => candidate.text === text && candidate.yMin >= top);
        expect(word, `${text} printed whole`).toBeDefined();
        return word!;
      });
      const firstRow = found.find((word) => word.text === "Првред")!;
      expect(Math.max(...header.map((word) => word.yMax))).toBeLessThanOrEqual(firstRow.yMin);
      // Nothing printed between the header and the first product's name's line but that row.
      const between = found.filter((word) => word.yMin >= top && word.yMax <= firstRow.yMin);
      expect(between.map((word) => word.text).sort()).toEqual(headerWords.sort());
    });
  }
});

describe("the PDF's promotions", () => {
  it("prints a promotion's type, its days and the prior price beside the reduction", async () => {
    const promoted: PriceList = {
      ...list,
      products: [
        {
          ...item("Кафе"),
          discountType: "clearance",
          discountFrom: "2026-12-01",
          discountTo: "2026-12-07",
          priorPriceCents: 35_000,
        },
      ],
    };
    const found = words(await renderPriceListPdf(promoted, "mk", new Date("2026-12-02T08:00:00Z"))).map(
      (word) => word.text,
    );
    for (const text of ["Распродажба", "01.12.2026", "07.12.2026", "Најниска", "350,00"])
      expect(found, text).toContain(text);
  });
});
