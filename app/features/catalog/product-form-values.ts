import type { Locale } from "~/i18n/config";
import { formatMoneyInput, formatQuantity } from "~/lib/money";
import type { ProductFormValues } from "./components/product-form";

type StoredProduct = {
  name: string;
  description: string | null;
  nameSq: string | null;
  descriptionSq: string | null;
  priceCents: number;
  regularPriceCents: number | null;
  vatRate: string;
  unit: string;
  netQuantityMilli: number | null;
  netUnit: string | null;
  quantity: number;
  availability: string;
  barcode: string | null;
  status: string;
  categoryId: string | null;
};

/** A stored product as the strings its form shows, with the decimal separator of the language. */
export function productFormValues(product: StoredProduct, locale: Locale): ProductFormValues {
  return {
    name: product.name,
    description: product.description ?? "",
    nameSq: product.nameSq ?? "",
    descriptionSq: product.descriptionSq ?? "",
    price: formatMoneyInput(product.priceCents, locale),
    regularPrice:
      product.regularPriceCents === null ? "" : formatMoneyInput(product.regularPriceCents, locale),
    vatRate: product.vatRate,
    unit: product.unit,
    netQuantity: product.netQuantityMilli === null ? "" : formatQuantity(product.netQuantityMilli, locale),
    netUnit: product.netUnit ?? "",
    quantity: String(product.quantity),
    availability: product.availability,
    barcode: product.barcode ?? "",
    status: product.status,
    categoryId: product.categoryId ?? "",
    imageKey: "",
    libraryImageId: "",
  };
}
