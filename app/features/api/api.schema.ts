import "zod-openapi";
import { z } from "zod";
import {
  AVAILABILITIES,
  NET_UNITS,
  PRODUCT_STATUSES,
  SALE_UNITS,
  VAT_RATES,
} from "~/db/schema/catalog-enums";
import { DESCRIPTION_MAX, PRODUCT_NAME_MAX } from "~/features/catalog/product.schema";
import { DISCOUNT_TYPES, PROMOTION_TYPES } from "~/features/promotions/promotion-constants";
import { isValidEan } from "~/lib/barcode";

// Decision 0072: the one set of Zod schemas the /api/v1 handlers parse with and the OpenAPI document is
// generated from (decision 0072). Money is integer hundredths of a denar, VAT included, as in the
// database (PRODUCT.md: no floating point on a price path).

/** The most items one batch request may carry (up to 1,000, written in one transaction). */
export const BATCH_MAX = 1000;
export const EXTERNAL_ID_MAX = 100;

const cents = z.number().int().min(0).max(1_000_000_000_00);
const barcode = z
  .string()
  .trim()
  .refine(isValidEan, "validation:barcodeInvalid")
  .meta({ description: "EAN-8 or EAN-13 with its check digit", example: "5310012345675" });
const externalId = z
  .string()
  .trim()
  .min(1)
  .max(EXTERNAL_ID_MAX)
  .meta({ description: "The product's id in your POS or ERP program", example: "ART-1001" });

export const productSchema = z
  .object({
    id: z.uuid(),
    externalId: z.string().nullable(),
    barcode: z.string().nullable(),
    name: z.string(),
    description: z.string().nullable(),
    nameSq: z
      .string()
      .nullable()
      .meta({ description: "The name in Albanian (when the store has Albanian content)" }),
    descriptionSq: z.string().nullable(),
    priceCents: z.number().int().meta({ description: "Price incl. VAT in hundredths of a denar" }),
    regularPriceCents: z.number().int().nullable(),
    vatRate: z.enum(VAT_RATES),
    unit: z.enum(SALE_UNITS),
    netQuantityMilli: z.number().int().nullable().meta({ description: "Net quantity × 1000" }),
    netUnit: z.enum(NET_UNITS).nullable(),
    quantity: z.number().int(),
    availability: z.enum(AVAILABILITIES),
    status: z.enum(PRODUCT_STATUSES),
    categoryId: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Product" });
export type ApiProduct = z.infer<typeof productSchema>;

const FIRST_INSTANT = Date.parse("0001-01-01T00:00:00Z");
const LAST_INSTANT = Date.parse("9999-12-31T23:59:59.999Z");

/** An ISO 8601 instant in the years 0001 to 9999 (UTC): one the database reads as JavaScript does. */
export function isStorableInstant(text: string): boolean {
  const time = Date.parse(text);
  return time >= FIRST_INSTANT && time <= LAST_INSTANT;
}

export const productListQuery = z.object({
  barcode: z.string().trim().max(32).optional().meta({ description: "Only products with this barcode" }),
  externalId: z.string().trim().max(EXTERNAL_ID_MAX).optional(),
  // Decision 0121: the format allows year 0000 and offsets that leave years 1 to 9999, which the
  // database cannot compare with (it answered 500); such an instant is refused as invalid.
  updatedSince: z.iso
    .datetime({ offset: true })
    // (A value that is not an instant at all is the format check's problem, reported once.)
    .refine((value) => Number.isNaN(Date.parse(value)) || isStorableInstant(value), "validation:dateInvalid")
    .optional()
    .meta({ description: "Only products changed at or after this instant (ISO 8601, years 0001 to 9999)" }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().max(200).optional().meta({ description: "The nextCursor of the previous page" }),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const productPage = z
  .object({ items: z.array(productSchema), nextCursor: z.string().nullable() })
  .meta({ id: "ProductPage" });

export const productIdParams = z.object({ productId: z.uuid() });
export const barcodeParams = z.object({ barcode });
export const externalIdParams = z.object({ externalId });

/** The fields a write may set; a field left out keeps the product's value (a new product's default). */
const productFields = {
  name: z.string().trim().min(1).max(PRODUCT_NAME_MAX).optional(),
  description: z.string().trim().max(DESCRIPTION_MAX).nullable().optional(),
  // The Albanian texts; kept as stored while the store's Albanian content is off (decision 0074).
  nameSq: z
    .string()
    .trim()
    .min(1)
    .max(PRODUCT_NAME_MAX)
    .nullable()
    .optional()
    .meta({ description: "Name in Albanian; ignored while the store's Albanian content is off" }),
  descriptionSq: z.string().trim().max(DESCRIPTION_MAX).nullable().optional(),
  priceCents: cents.optional(),
  regularPriceCents: cents.nullable().optional(),
  vatRate: z.enum(VAT_RATES).optional(),
  unit: z.enum(SALE_UNITS).optional(),
  netQuantityMilli: z.number().int().min(1).max(1_000_000_000).nullable().optional(),
  netUnit: z.enum(NET_UNITS).nullable().optional(),
  quantity: z.number().int().min(0).max(999_999_999).optional(),
  availability: z.enum(AVAILABILITIES).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
};

/** One product of a write, found by its external id, else by its barcode (at least one is given). */
export const productUpsert = z
  .strictObject({ externalId: externalId.optional(), barcode: barcode.optional(), ...productFields })
  .refine((item) => item.externalId !== undefined || item.barcode !== undefined, {
    message: "validation:externalIdOrBarcode",
    path: ["externalId"],
  })
  .meta({ id: "ProductUpsert" });
export type ProductUpsert = z.infer<typeof productUpsert>;

/** A product's body when its key is in the path. */
export const productBody = z.strictObject(productFields).meta({ id: "ProductFields" });

export const priceUpdate = z
  .strictObject({
    externalId: externalId.optional(),
    barcode: barcode.optional(),
    priceCents: cents,
    regularPriceCents: cents.nullable().optional(),
  })
  .refine((item) => item.externalId !== undefined || item.barcode !== undefined, {
    message: "validation:externalIdOrBarcode",
    path: ["externalId"],
  })
  .meta({ id: "PriceUpdate" });
export type PriceUpdate = z.infer<typeof priceUpdate>;

export const priceBody = z
  .strictObject({ priceCents: cents, regularPriceCents: cents.nullable().optional() })
  .meta({ id: "PriceFields" });

export const productBatch = z
  .strictObject({ items: z.array(productUpsert).min(1).max(BATCH_MAX) })
  .meta({ id: "ProductBatch" });
export const priceBatch = z
  .strictObject({ items: z.array(priceUpdate).min(1).max(BATCH_MAX) })
  .meta({ id: "PriceBatch" });

export const OUTCOMES = ["created", "updated", "unchanged"] as const;
export const writeResult = z
  .object({
    counts: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }),
    items: z.array(
      z.object({
        outcome: z.enum(OUTCOMES),
        product: productSchema,
      }),
    ),
  })
  .meta({ id: "WriteResult" });
export type WriteResult = z.infer<typeof writeResult>;

/**
 * A price update's answer (decision 0122): the key the item matched and the prices written, not the
 * product's record, which a `write_prices` token may not read.
 */
export const priceWriteItem = z
  .object({
    outcome: z.enum(OUTCOMES),
    externalId: z
      .string()
      .optional()
      .meta({ description: "The item's key, when it named the product by it" }),
    barcode: z.string().optional().meta({ description: "The item's key, when it named the product by it" }),
    priceCents: z.number().int(),
    regularPriceCents: z.number().int().nullable(),
  })
  .meta({ id: "PriceWriteItemResult" });
export const priceWriteResult = z
  .object({
    counts: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }),
    items: z.array(priceWriteItem),
  })
  .meta({ id: "PriceWriteResult" });
export type PriceWriteResult = z.infer<typeof priceWriteResult>;

export const promotionSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    type: z.enum(PROMOTION_TYPES),
    discountType: z.enum(DISCOUNT_TYPES),
    discountValue: z.number().int().meta({ description: "Percent × 100, or hundredths of a denar off" }),
    startsOn: z.iso.date(),
    endsOn: z.iso.date(),
    active: z.boolean(),
    state: z.string().meta({ description: "active, scheduled, ended, inactive or empty, today" }),
    productCount: z.number().int(),
  })
  .meta({ id: "Promotion" });
export const promotionList = z.object({ items: z.array(promotionSchema) }).meta({ id: "PromotionList" });

export const confirmationSchema = z
  .object({
    day: z.iso.date().meta({ description: "Today in Europe/Skopje" }),
    counts: z.boolean().meta({ description: "Whether today needs a confirmation (weekends setting)" }),
    status: z.enum(["confirmed", "skipped", "missed"]).nullable(),
    answeredAt: z.iso.datetime().nullable(),
    late: z.boolean(),
  })
  .meta({ id: "Confirmation" });

/** RFC 9457 problem details; `errors` points at each invalid field of the request. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    errors: z
      .array(
        z.object({
          pointer: z.string().meta({ description: 'JSON pointer into the body or "#query/name"' }),
          detail: z.string(),
        }),
      )
      .optional(),
  })
  .meta({ id: "Problem" });
export type Problem = z.infer<typeof problemSchema>;

// Points of sale — each may override a product's price and availability, or leave it out.
export const pointOfSaleSchema = z
  .object({ id: z.uuid(), slug: z.string(), name: z.string() })
  .meta({ id: "PointOfSale" });
export const pointOfSaleList = z
  .object({ items: z.array(pointOfSaleSchema) })
  .meta({ id: "PointOfSaleList" });
export const pointOfSaleParams = z.object({ pointOfSaleId: z.uuid() });
export const pointOfSaleProductParams = z.object({ pointOfSaleId: z.uuid(), productId: z.uuid() });

export const overrideSchema = z
  .object({
    productId: z.uuid(),
    priceCents: z.number().int().nullable().meta({ description: "Null: the store-wide price" }),
    availability: z
      .enum(AVAILABILITIES)
      .nullable()
      .meta({ description: "Null: the store-wide availability" }),
    excluded: z.boolean().meta({ description: "Not sold at this point of sale" }),
  })
  .meta({ id: "PointOfSaleOverride" });
export const overrideList = z
  .object({ items: z.array(overrideSchema) })
  .meta({ id: "PointOfSaleOverrideList" });

const overrideFields = {
  priceCents: z.number().int().min(1).max(1_000_000_000_00).nullable().optional(),
  availability: z.enum(AVAILABILITIES).nullable().optional(),
  excluded: z.boolean().optional(),
};
export const overrideBody = z.strictObject(overrideFields).meta({ id: "PointOfSaleOverrideFields" });
export const overrideUpdate = z
  .strictObject({ externalId: externalId.optional(), barcode: barcode.optional(), ...overrideFields })
  .refine((item) => item.externalId !== undefined || item.barcode !== undefined, {
    message: "validation:externalIdOrBarcode",
    path: ["externalId"],
  })
  .meta({ id: "PointOfSaleOverrideUpdate" });
export type OverrideUpdate = z.infer<typeof overrideUpdate>;
export const overrideBatch = z
  .strictObject({ items: z.array(overrideUpdate).min(1).max(BATCH_MAX) })
  .meta({ id: "PointOfSaleOverrideBatch" });
