import type { product } from "~/db/schema/catalog";
import { discountOf } from "~/features/storefront/discount";
import type { Locale } from "~/i18n/config";
import { formatDay } from "~/lib/dates";
import { html, type SafeHtml, trustedHtml } from "~/lib/html";
import { formatMoney, unitPriceCents } from "~/lib/money";
import { fill } from "~/lib/template";

// The public page's product cards as one HTML string (decision 0009). A 60-card page rendered as
// React elements cost more server time than everything else on the page together; this renders the
// same markup in a fraction of it, in the server and in the browser alike.

/** What a card shows of a product row, with its category's name. */
export type CardProduct = Pick<
  typeof product.$inferSelect,
  | "id"
  | "name"
  | "description"
  | "priceCents"
  | "regularPriceCents"
  | "vatRate"
  | "unit"
  | "netQuantityMilli"
  | "netUnit"
  | "availability"
> & { imageUrl?: string | null; categoryName: string | null; promotion?: CardPromotion | null };

/** A running promotion of a card's product: the law's type, from–to, and prior price. */
export type CardPromotion = { type: string; startsOn: string; endsOn: string; priorPriceCents: number };

/** Every text a card shows, translated once per page. Templates keep "{{name}}" for fill(). */
export type CardLabels = {
  locale: Locale;
  availability: Record<string, string>;
  units: Record<string, string>;
  regularPrice: string;
  discount: string;
  unitPrice: string;
  vat: string;
  vatIncluded: string;
  vatNone: string;
  report: string;
  reportLabel: string;
  /** The law's promotion types by code, "{{type}} from {{from}} to {{to}}" and the prior price. */
  promotionTypes: Record<string, string>;
  promotion: string;
  priorPrice: string;
};

// lucide's "flag" icon, drawn from the symbol ProductCardList puts on the page once.
export const FLAG_SYMBOL_ID = "icon-flag";
const FLAG_ICON = trustedHtml(
  `<svg class="size-3.5" aria-hidden="true"><use href="#${FLAG_SYMBOL_ID}"></use></svg>`,
);

/** The link a card's "Report" opens: this page's URL with ?report=<id> (the report dialog). */
export type ReportHref = (productId: string) => string;

/**
 * The cards of one page. Each has every field член 15-а asks for: name, selling price with VAT, unit
 * price, description, availability, regular price, and for a discount its percentage and amount.
 */
export function productCardsHtml(
  products: CardProduct[],
  labels: CardLabels,
  reportHref: ReportHref,
  /** "_blank": the report opens the store's own page in a new tab (the embedded list, decision 0136). */
  reportTarget?: "_blank",
): string {
  let out = "";
  for (const product of products) out += productCardHtml(product, labels, reportHref, reportTarget).value;
  return out;
}

// The classes are defined in app.css ("pc-…"), once for all the cards of a page.
function productCardHtml(
  product: CardProduct,
  labels: CardLabels,
  reportHref: ReportHref,
  reportTarget?: "_blank",
): SafeHtml {
  const { locale } = labels;
  const money = (cents: number) => formatMoney(cents, locale);
  const discount = discountOf(product.priceCents, product.regularPriceCents);
  const unitPrice = unitPriceCents(product.priceCents, product.netQuantityMilli, product.netUnit);

  // The 320 px variant; width and height are set so the page does not shift as images load.
  const image = product.imageUrl
    ? html`<img src="${product.imageUrl.replace(/-800\.webp$/, "-320.webp")}" alt="" width="64" height="64" loading="lazy" decoding="async" class="pc-image">`
    : null;
  const stock = product.availability === "in_stock" ? "pc-stock in" : "pc-stock";
  const heading = html`<div class="pc-head">${image}<h3 class="pc-name">${product.name}</h3><span class="${stock}">${labels.availability[product.availability]}</span></div>`;
  const category = product.categoryName ? html`<p class="pc-category">${product.categoryName}</p>` : null;
  const description = product.description ? html`<p class="pc-description">${product.description}</p>` : null;
  const price = html`<div class="pc-price-row"><span class="${discount ? "pc-price discounted" : "pc-price"}" data-price="">${money(product.priceCents)}</span><span class="pc-unit">/ ${labels.units[product.unit]}</span></div>`;
  const regular = discount
    ? html`<div><p class="pc-regular">${fill(labels.regularPrice, { price: "" })}<s>${money(product.regularPriceCents!)}</s></p><p class="pc-saving">${fill(labels.discount, { percent: discount.percent, amount: money(discount.amountCents) })}</p></div>`
    : product.regularPriceCents !== null
      ? html`<p class="pc-regular">${fill(labels.regularPrice, { price: money(product.regularPriceCents) })}</p>`
      : null;
  // член 15-а: a promotion announces its type and its duration; the prior price beside it (Omnibus).
  const promotion = product.promotion
    ? html`<p class="pc-promo">${fill(labels.promotion, {
        type: labels.promotionTypes[product.promotion.type] ?? product.promotion.type,
        from: formatDay(product.promotion.startsOn, locale),
        to: formatDay(product.promotion.endsOn, locale),
      })}</p><p class="pc-prior">${fill(labels.priorPrice, { price: money(product.promotion.priorPriceCents) })}</p>`
    : null;
  const perUnit = unitPrice
    ? html`<p class="pc-unit-price">${fill(labels.unitPrice, { price: money(unitPrice.cents), unit: labels.units[unitPrice.per] ?? "" })}</p>`
    : null;
  const vat =
    product.vatRate === "none"
      ? labels.vatNone
      : `${labels.vatIncluded} · ${fill(labels.vat, { rate: product.vatRate })}`;
  const reportLabel = fill(labels.reportLabel, { product: product.name });
  const footer = html`<div class="pc-footer"><p class="pc-vat">${vat}</p><a href="${reportHref(product.id)}"${reportTarget ? trustedHtml(' target="_blank" rel="nofollow noopener"') : trustedHtml(' rel="nofollow"')} data-report="" aria-label="${reportLabel}" class="pc-report">${FLAG_ICON}${labels.report}</a></div>`;

  return html`<li class="pc" data-product-id="${product.id}">${heading}${category}${description}${price}${regular}${promotion}${perUnit}${footer}</li>`;
}
