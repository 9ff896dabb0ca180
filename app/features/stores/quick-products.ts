import { type ProductInput, productSchema } from "~/features/catalog/product.schema";
import { defaultVatFor } from "~/features/catalog/vat-defaults";
import type { FieldErrors, FormValues } from "~/lib/action-result";
import { fieldErrors } from "~/lib/form";
import { QUICK_PRODUCT_ROWS } from "./store.schema";

/** The fields of one quick-product row; a row's field is posted as `<field>.<row>`. */
export const QUICK_PRODUCT_FIELDS = ["name", "price", "vatRate", "netQuantity", "netUnit"] as const;

/**
 * Onboarding step 4's rows as products (isomorphic: the browser checks them first). A row with
 * neither a name nor a price is ignored; VAT defaults by the kind of goods the owner chose, and
 * the net quantity gives the unit price (PRODUCT.md law fields). Errors are keyed `<field>.<row>`.
 */
export function quickProductsFromForm(values: FormValues): { products: ProductInput[]; errors: FieldErrors } {
  const products: ProductInput[] = [];
  const errors: FieldErrors = {};
  const vatDefault = defaultVatFor(values.goodsKind);
  for (let i = 0; i < QUICK_PRODUCT_ROWS; i++) {
    const row = (field: string) => (values[`${field}.${i}`] ?? "").trim();
    if (!row("name") && !row("price")) continue;
    const parsed = productSchema.safeParse({
      name: row("name"),
      price: row("price"),
      vatRate: row("vatRate") || vatDefault,
      netQuantity: row("netQuantity"),
      netUnit: row("netUnit"),
      unit: "piece",
      availability: "in_stock",
      status: "active",
    });
    if (parsed.success) products.push(parsed.data);
    else
      for (const [field, message] of Object.entries(fieldErrors(parsed.error)))
        errors[`${field}.${i}`] = message;
  }
  return { products, errors };
}
