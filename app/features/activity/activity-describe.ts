import type { Locale } from "~/i18n/config";
import { formatMoney } from "~/lib/money";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type ActivityText = {
  product: string;
  oldPrice: string;
  newPrice: string;
  detail: string;
  /** Where the entry's details are (an import's result page). */
  href?: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const num = (value: unknown): number | null => (typeof value === "number" ? value : null);

/** What an activity row says, for the page and the CSV alike (a price change reads old → new). */
export function describeActivity(
  row: { type: string; details: Record<string, unknown> },
  t: Translate,
  locale: Locale,
): ActivityText {
  const d = row.details;
  const money = (value: unknown) => {
    const cents = num(value);
    return cents === null ? "" : formatMoney(cents, locale);
  };
  const name = typeof d.name === "string" ? d.name : "";
  switch (row.type) {
    case "products_bulk_deleted": {
      const names = Array.isArray(d.names) ? d.names.filter((n) => typeof n === "string") : [];
      return {
        product: names.join("; "),
        oldPrice: "",
        newPrice: "",
        detail: t("activity:detail.bulkDeleted", { count: num(d.count) ?? names.length }),
      };
    }
    case "products_imported":
      return {
        product: name,
        oldPrice: "",
        newPrice: "",
        detail: t("activity:detail.imported", {
          added: num(d.added) ?? 0,
          updated: num(d.updated) ?? 0,
          unchanged: num(d.unchanged) ?? 0,
          skipped: num(d.skipped) ?? 0,
        }),
        href:
          typeof d.jobId === "string" && UUID.test(d.jobId)
            ? `/dashboard/products/import/${d.jobId}`
            : undefined,
      };
    case "price_updated":
      return {
        product: name,
        oldPrice: money(d.oldPriceCents),
        newPrice: money(d.newPriceCents),
        // A point of sale's own price.
        detail:
          typeof d.pointOfSale === "string"
            ? t("activity:detail.atPointOfSale", { name: d.pointOfSale })
            : "",
      };
    case "price_update_error":
      return {
        product: name,
        oldPrice: money(d.oldPriceCents),
        newPrice: money(d.newPriceCents),
        detail: d.reason === "negative" ? t("activity:detail.negative") : t("activity:detail.aboveRegular"),
      };
    case "price_update_skipped":
    case "price_update_confirmed":
      return { product: name, oldPrice: money(d.priceCents), newPrice: money(d.priceCents), detail: "" };
    case "product_added":
    case "product_deleted":
      return { product: name, oldPrice: "", newPrice: money(d.priceCents), detail: "" };
    default:
      return {
        product: name,
        oldPrice: "",
        newPrice: "",
        detail:
          typeof d.pointOfSale === "string"
            ? t("activity:detail.atPointOfSale", { name: d.pointOfSale })
            : typeof d.bulk === "string"
              ? t("activity:detail.bulkChange")
              : "",
      };
  }
}
