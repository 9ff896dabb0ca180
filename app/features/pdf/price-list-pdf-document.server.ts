import type { TFunction } from "i18next";
import PDFDocument from "pdfkit";
import type { PriceList } from "~/features/feeds/price-list.server";
import { contentFor } from "~/features/product-language/product-language";
import { priceStampOf, stampText } from "~/features/storefront/stamp";
import type { Locale } from "~/i18n/config";
import { formatDateTime, formatDay } from "~/lib/dates";
import { dejaVuFont } from "~/lib/fonts.server";
import { formatMoney } from "~/lib/money";

// The printable price list. pdfkit's built-in Helvetica garbles
// Cyrillic (STACK-NOTES), so a DejaVu TTF is embedded: the text stays extractable (pdftotext).
// Drawn in a worker thread (price-list-pdf.server.ts, decision 0049), so this file takes its texts
// as `t` and imports nothing that needs Vite (the catalogues' import.meta.glob).

const MARGIN = 36;
const DESCRIPTION_CHARS = 200;

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
const COLUMNS = [
  { key: "name", width: 0.32 },
  { key: "price", width: 0.14 },
  { key: "unitPrice", width: 0.14 },
  { key: "regular", width: 0.12 },
  { key: "discount", width: 0.16 },
  { key: "availability", width: 0.12 },
] as const;
type ColumnKey = (typeof COLUMNS)[number]["key"];

/** Each column's width in points: its share, or the width its header's longest word needs. */
function columnWidths(total: number, needs: (key: ColumnKey) => number): Record<ColumnKey, number> {
  const widths = Object.fromEntries(
    COLUMNS.map((column) => [
      column.key,
      column.key === "name" ? column.width * total : Math.max(column.width * total, needs(column.key)),
    ]),
  ) as Record<ColumnKey, number>;
  const others = COLUMNS.reduce((sum, column) => (column.key === "name" ? sum : sum + widths[column.key]), 0);
  widths.name = total - others;
  return widths;
}

/** The price list as a PDF, its texts from `t` (the catalogue of `locale`). */
export async function drawPriceListPdf(
  list: PriceList,
  locale: Locale,
  now: Date,
  t: TFunction,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    // The creation date is the render's `now`, so the bytes depend on the input alone (the same in
    // a worker thread as in process; pdfkit derives the file's ID from it).
    info: {
      Title: `${list.store.name} — ${t("pricelist:pdf.title")}`,
      Author: list.store.companyName,
      CreationDate: now,
    },
    lang: locale,
  });
  doc.registerFont("regular", dejaVuFont("regular"));
  doc.registerFont("bold", dejaVuFont("bold"));
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - MARGIN * 2;
  doc.font("bold").fontSize(16).text(list.store.name);
  doc.font("regular").fontSize(10).fillColor("#374151").text(list.store.companyName);
  // A point of sale's list says which shop it is.
  if (list.pointOfSale) {
    doc.font("bold").fontSize(12).fillColor("#111827").text(list.pointOfSale.name);
    if (list.pointOfSale.address)
      doc.font("regular").fontSize(10).fillColor("#374151").text(list.pointOfSale.address);
  }
  const stamp = stampText(
    t,
    priceStampOf(list.confirmedAt ? { confirmedAt: list.confirmedAt } : null, now),
    locale,
  );
  doc.moveDown(0.3).font("bold").fillColor("#065f46").text(stamp);
  doc
    .font("regular")
    .fillColor("#374151")
    .fontSize(8)
    .text(
      `${t("pricelist:pdf.generated", { time: formatDateTime(now, locale) })} · ${t("store:vatIncluded")}`,
    );
  doc.moveDown(0.8);

  // A header wraps between words inside its cell ("Единечна / цена") and the row
  // below starts under its last line. A column whose header has a word longer than its share
  // ("Disponueshmëria") widens to fit that word, taking the room from the name column.
  doc.font("bold").fontSize(8);
  const cellWidth = columnWidths(
    width,
    (key) =>
      Math.max(
        ...t(`pricelist:pdf.${key}`)
          .split(/\s+/)
          .map((word) => doc.widthOfString(word)),
      ) + 4,
  );
  const header = () => {
    const y = doc.y;
    let x = MARGIN;
    let height = 0;
    doc.font("bold").fontSize(8).fillColor("#111827");
    for (const column of COLUMNS) {
      const text = t(`pricelist:pdf.${column.key}`);
      const cell = cellWidth[column.key] - 4;
      doc.text(text, x + 2, y, { width: cell });
      height = Math.max(height, doc.heightOfString(text, { width: cell }));
      x += cellWidth[column.key];
    }
    doc.y = y + height + 4;
    doc
      .moveTo(MARGIN, doc.y - 2)
      .lineTo(MARGIN + width, doc.y - 2)
      .strokeColor("#9ca3af")
      .stroke();
  };
  header();

  if (list.products.length === 0) doc.font("regular").fontSize(10).text(t("pricelist:pdf.empty"), MARGIN);
  for (const item of list.products) {
    // The PDF's language picks the product's texts (Albanian where the store has them).
    const { name, description } = contentFor(item, locale);
    const cells: Record<(typeof COLUMNS)[number]["key"], string> = {
      // A row must fit on a page: a long description is cut, visibly (the CSV and JSON carry it whole).
      name: description ? `${name}\n${clip(description, DESCRIPTION_CHARS)}` : name,
      price: `${formatMoney(item.priceCents, locale)} / ${t(`products:units.${item.unit}`)}`,
      unitPrice:
        item.unitPriceCents !== null
          ? `${formatMoney(item.unitPriceCents, locale)} / ${t(`products:units.${item.unitPricePer}`)}`
          : "",
      regular: item.regularPriceCents !== null ? formatMoney(item.regularPriceCents, locale) : "",
      discount:
        item.discountPercent !== null && item.discountAmountCents !== null
          ? [
              `-${item.discountPercent} %`,
              `-${formatMoney(item.discountAmountCents, locale)}`,
              // член 15-а: the promotion's type and duration; the prior price beside it.
              ...(item.discountType && item.discountFrom && item.discountTo
                ? [
                    t("pricelist:product.promotion", {
                      type: t(`pricelist:promotionTypes.${item.discountType}`),
                      from: formatDay(item.discountFrom, locale),
                      to: formatDay(item.discountTo, locale),
                    }),
                  ]
                : []),
              ...(item.priorPriceCents !== null
                ? [t("pricelist:product.priorPrice", { price: formatMoney(item.priorPriceCents, locale) })]
                : []),
            ].join("\n")
          : "",
      availability: t(`products:availability.${item.availability}`),
    };
    doc.font("regular").fontSize(8);
    const height = Math.max(
      ...COLUMNS.map((column) => doc.heightOfString(cells[column.key], { width: cellWidth[column.key] - 4 })),
    );
    if (doc.y + height + 6 > doc.page.height - MARGIN - 16) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    let x = MARGIN;
    for (const column of COLUMNS) {
      doc.fillColor("#111827").text(cells[column.key], x + 2, y, { width: cellWidth[column.key] - 4 });
      x += cellWidth[column.key];
    }
    doc.y = y + height + 4;
    doc
      .moveTo(MARGIN, doc.y - 2)
      .lineTo(MARGIN + width, doc.y - 2)
      .strokeColor("#e5e7eb")
      .stroke();
  }

  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("regular")
      .fontSize(8)
      .fillColor("#6b7280")
      .text(
        `${list.store.name} · ${t("pricelist:pdf.page", { page: index + 1, pages: range.count })}`,
        MARGIN,
        doc.page.height - MARGIN + 8,
        { width, align: "center", lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
