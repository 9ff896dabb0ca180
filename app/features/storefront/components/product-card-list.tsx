import type { i18n } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";
import { AVAILABILITIES, SALE_UNITS } from "~/db/schema/catalog-enums";
import { PROMOTION_TYPES } from "~/features/promotions/promotion-constants";
import {
  type CardLabels,
  type CardProduct,
  FLAG_SYMBOL_ID,
  productCardsHtml,
  type ReportHref,
} from "~/features/storefront/product-cards-html";
import type { Locale } from "~/i18n/config";

// Per i18next instance: the server shares one instance per language across requests, so the labels
// are translated once per language, not once per render.
const labelsByInstance = new WeakMap<i18n, CardLabels>();

const CARDS_ID = "product-cards";

/** Every text a card shows, translated once instead of once per card. */
export function useCardLabels(): CardLabels {
  // The context's instance itself: useTranslation() hands out a new wrapper of it on every render.
  const { i18n } = useContext(I18nContext);
  const held = labelsByInstance.get(i18n);
  if (held && held.locale === i18n.language) return held;
  const t = i18n.getFixedT(null, "store");
  const keep = (name: string) => `{{${name}}}`;
  const labels: CardLabels = {
    locale: i18n.language as Locale,
    availability: Object.fromEntries(AVAILABILITIES.map((a) => [a, t(`products:availability.${a}`)])),
    units: Object.fromEntries(SALE_UNITS.map((u) => [u, t(`products:units.${u}`)])),
    regularPrice: t("pricelist:product.regularPrice", { price: keep("price") }),
    discount: t("pricelist:product.discount", { percent: keep("percent"), amount: keep("amount") }),
    unitPrice: t("store:unitPrice", { price: keep("price"), unit: keep("unit") }),
    vat: t("pricelist:product.vat", { rate: keep("rate") }),
    vatIncluded: t("store:vatIncluded"),
    vatNone: t("pricelist:product.vatNone"),
    report: t("pricelist:product.report"),
    reportLabel: t("pricelist:product.reportLabel", { product: keep("product") }),
    promotionTypes: Object.fromEntries(
      PROMOTION_TYPES.map((type) => [type, t(`pricelist:promotionTypes.${type}`)]),
    ),
    promotion: t("pricelist:product.promotion", { type: keep("type"), from: keep("from"), to: keep("to") }),
    priorPrice: t("pricelist:product.priorPrice", { price: keep("price") }),
  };
  labelsByInstance.set(i18n, labels);
  return labels;
}

/**
 * The product grid of the public page: one HTML string (decision 0009), built by
 * product-cards-html.ts. The page is sent without React (decision 0128): a card's "Report" link is a
 * plain link to the dialog.
 */
export function ProductCardList({
  products,
  labels,
  reportHref,
  reportTarget,
}: {
  products: CardProduct[];
  labels: CardLabels;
  reportHref: ReportHref;
  /** "_blank" on the embedded list: its report link opens the store's page in a new tab. */
  reportTarget?: "_blank";
}) {
  return (
    <>
      <svg aria-hidden className="absolute size-0 overflow-hidden">
        <title>{labels.report}</title>
        <symbol
          id={FLAG_SYMBOL_ID}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M4 22V4a1 1 0 0 1 .4-.8A6 6 0 0 1 8 2c3 0 5 2 7.333 2q2 0 3.067-.8A1 1 0 0 1 20 4v10a1 1 0 0 1-.4.8A6 6 0 0 1 16 16c-3 0-5-2-8-2a6 6 0 0 0-4 1.528" />
        </symbol>
      </svg>
      <ul
        id={CARDS_ID}
        className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: built by product-cards-html.ts, which escapes every value.
        dangerouslySetInnerHTML={{ __html: productCardsHtml(products, labels, reportHref, reportTarget) }}
      />
    </>
  );
}
