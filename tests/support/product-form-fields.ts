/**
 * Every field of the product form as a browser without JavaScript posts it
 * (app/features/catalog/components/product-form.tsx), for route tests and e2e set-up that post the
 * form's own action; `fields` changes any of them or adds one (imageKey).
 */
export function productFormFields(fields: Record<string, string> = {}): Record<string, string> {
  return {
    name: "Производ",
    description: "",
    price: "100",
    regularPrice: "",
    vatRate: "18",
    unit: "piece",
    netQuantity: "",
    netUnit: "",
    quantity: "0",
    availability: "in_stock",
    barcode: "",
    categoryId: "",
    status: "active",
    ...fields,
  };
}
