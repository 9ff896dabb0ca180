// Value sets of the catalogue, shared by the tables, the forms and the pages (isomorphic).
export const VAT_RATES = ["18", "10", "5", "0", "none"] as const;
export const SALE_UNITS = ["piece", "kg", "g", "l", "ml", "m", "m2", "pack", "box", "pair", "set"] as const;
export const NET_UNITS = ["g", "kg", "ml", "l", "m", "m2", "piece"] as const;
export const AVAILABILITIES = ["in_stock", "out_of_stock", "on_order"] as const;
export const PRODUCT_STATUSES = ["active", "inactive"] as const;

export type VatRate = (typeof VAT_RATES)[number];
export type SaleUnit = (typeof SALE_UNITS)[number];
export type NetUnit = (typeof NET_UNITS)[number];
export type Availability = (typeof AVAILABILITIES)[number];
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
