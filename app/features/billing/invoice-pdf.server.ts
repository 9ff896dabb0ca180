import PDFDocument from "pdfkit";
import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import type { OperatorDetails } from "~/lib/config.server";
import { formatDate } from "~/lib/dates";
import { dejaVuFont } from "~/lib/fonts.server";
import { formatMoney } from "~/lib/money";
import { formatPhoneNational } from "~/lib/phone";
import type { PaymentRow } from "./transactions.queries.server";

// The pro-forma invoice a bank transfer is paid against (PRODUCT.md "Payments"): the
// operator's and the store's company details, the amount, the due date and the reference the payer
// writes on the transfer. The text stays extractable (pdftotext finds the reference).

const MARGIN = 48;
/**
 * Plan prices are stated with VAT included, like every price in Vitrina (PRODUCT.md "Money"); the
 * invoice says so and splits the total at the general rate for services, for the buyer's books.
 */
export const SUBSCRIPTION_VAT_RATE = 18;

/** The net amount and the VAT contained in a VAT-inclusive amount, in cents. */
export function vatIncluded(amountCents: number, rate = SUBSCRIPTION_VAT_RATE) {
  const base = Math.round((amountCents * 100) / (100 + rate));
  return { base, vat: amountCents - base };
}

export type InvoicePayment = Pick<
  PaymentRow,
  "reference" | "plan" | "months" | "amountCents" | "dueAt" | "createdAt" | "buyer" | "status"
>;

export async function renderInvoicePdf(
  payment: InvoicePayment,
  operator: OperatorDetails,
  locale: Locale,
): Promise<Buffer> {
  const t = getFixedT(locale);
  const title = t("billing:invoice.title", { reference: payment.reference });
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: title, Author: operator.company },
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
  const amount = formatMoney(payment.amountCents, locale);

  doc.font("bold").fontSize(18).fillColor("#111827").text(title);
  doc.font("regular").fontSize(10).fillColor("#374151");
  doc.text(t("billing:invoice.issued", { date: formatDate(payment.createdAt, locale) }));
  doc.text(t("billing:invoice.due", { date: formatDate(payment.dueAt, locale) }));
  if (payment.status !== "pending") doc.font("bold").text(t(`billing:paymentStatus.${payment.status}`));
  doc.moveDown(1);

  // Seller and buyer side by side.
  const top = doc.y;
  const half = width / 2 - 8;
  const party = (x: number, heading: string, lines: (string | null)[]) => {
    doc.font("bold").fontSize(9).fillColor("#6b7280").text(heading.toUpperCase(), x, top, { width: half });
    doc.font("regular").fontSize(10).fillColor("#111827");
    for (const line of lines) if (line) doc.text(line, x, doc.y, { width: half });
    return doc.y;
  };
  const sellerEnd = party(MARGIN, t("billing:invoice.seller"), [
    operator.company,
    operator.address,
    t("billing:invoice.taxId", { value: operator.taxId }),
    t("billing:invoice.account", { value: operator.account }),
    operator.bank,
    operator.email,
  ]);
  const buyerEnd = party(MARGIN + width / 2 + 8, t("billing:invoice.buyer"), [
    payment.buyer.companyName,
    payment.buyer.taxNumber ? t("billing:invoice.taxId", { value: payment.buyer.taxNumber }) : null,
    payment.buyer.storeName,
    payment.buyer.address,
    formatPhoneNational(payment.buyer.phone),
  ]);
  doc.y = Math.max(sellerEnd, buyerEnd) + 24;

  // One line: the plan and its period, and the total.
  const line = (y: number) =>
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .strokeColor("#d1d5db")
      .stroke();
  const row = (left: string, right: string, bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? "bold" : "regular")
      .fontSize(11)
      .fillColor("#111827");
    doc.text(left, MARGIN, y, { width: width * 0.7 });
    const leftEnd = doc.y;
    doc.text(right, MARGIN + width * 0.7, y, { width: width * 0.3, align: "right" });
    doc.y = Math.max(leftEnd, doc.y) + 6;
  };
  doc.font("bold").fontSize(9).fillColor("#6b7280");
  row(t("billing:invoice.description"), t("billing:invoice.amount"));
  line(doc.y - 3);
  row(
    t("billing:invoice.item", { plan: t(`billing:plans.${payment.plan}.name`), count: payment.months }),
    amount,
  );
  line(doc.y - 3);
  row(t("billing:invoice.total"), amount, true);
  const { base, vat } = vatIncluded(payment.amountCents);
  doc
    .font("regular")
    .fontSize(9)
    .fillColor("#6b7280")
    .text(
      t("billing:invoice.vatNote", {
        rate: SUBSCRIPTION_VAT_RATE,
        base: formatMoney(base, locale),
        vat: formatMoney(vat, locale),
      }),
      MARGIN,
    );
  doc.moveDown(1.5);

  doc.font("bold").fontSize(12).fillColor("#111827").text(t("billing:invoice.howToPay"), MARGIN);
  doc.font("regular").fontSize(10).fillColor("#374151");
  doc.text(
    t("billing:invoice.payTo", { account: operator.account, bank: operator.bank, company: operator.company }),
  );
  doc.moveDown(0.5);
  doc
    .font("bold")
    .fontSize(14)
    .fillColor("#065f46")
    .text(t("billing:invoice.reference", { reference: payment.reference }));
  doc.font("regular").fontSize(10).fillColor("#374151").text(t("billing:invoice.referenceNote"));
  doc.moveDown(0.5);
  doc.text(t("billing:invoice.activation"));
  doc.end();
  return done;
}
