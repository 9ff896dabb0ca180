import { productSchema } from "./product.schema";

/** A valid product form for service tests, as the form would post it; overrides change any field. */
export const productInput = (overrides: Record<string, string> = {}) =>
  productSchema.parse({
    name: "Производ",
    price: "100",
    vatRate: "18",
    unit: "piece",
    quantity: "1",
    availability: "in_stock",
    status: "active",
    ...overrides,
  });
