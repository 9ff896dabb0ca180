import type { z } from "zod";
import type { ApiScope } from "~/db/schema/api-tokens";
import { answerToday, getTodayConfirmation } from "~/features/confirmation/confirmation.server";
import { listPromotions } from "~/features/promotions/promotion.server";
import type { StoreContext } from "~/lib/service-context";
import {
  barcodeParams,
  confirmationSchema,
  externalIdParams,
  overrideBatch,
  overrideBody,
  overrideList,
  overrideSchema,
  type PriceUpdate,
  type ProductUpsert,
  pointOfSaleList,
  pointOfSaleParams,
  pointOfSaleProductParams,
  priceBatch,
  priceBody,
  priceWriteItem,
  priceWriteResult,
  productBatch,
  productBody,
  productIdParams,
  productListQuery,
  productPage,
  productSchema,
  promotionList,
  writeResult,
} from "./api.schema";
import {
  listApiOverrides,
  listApiPointsOfSale,
  setApiOverride,
  setApiOverrides,
} from "./api-points-of-sale.server";
import { getApiProduct, listApiProducts } from "./api-products.server";
import type { ApiCaller } from "./api-token.server";
import { singlePointer, type WriteMode, writeApiPrices, writeApiProducts } from "./api-writes.server";

// Decision 0072: the one table of /api/v1 operations. The handler dispatches from it and the OpenAPI
// document is generated from it, with the same Zod schemas, so the two cannot drift (decision 0072).

export type Call = {
  ctx: StoreContext;
  caller: ApiCaller;
  params: Record<string, string>;
  query: unknown;
  body: unknown;
  now: Date;
};

export type Operation = {
  operationId: string;
  method: "get" | "post" | "put";
  /** Below /api/v1, with {parameters}. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  scope: ApiScope;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  status: 200 | 201;
  response: z.ZodType;
  run: (call: Call) => Promise<unknown>;
};

/** A single write is a batch of one: the same checks, the same transaction shape; its problems point at its path and body. */
const single =
  (mode: WriteMode, key: "barcode" | "externalId") =>
  async (call: Call): Promise<unknown> => {
    const items = [{ ...(call.body as object), [key]: call.params[key] }];
    const meta = { tokenName: call.caller.tokenName, pointer: singlePointer(key) };
    const result =
      mode === "products"
        ? await writeApiProducts(call.ctx, items as unknown as ProductUpsert[], meta)
        : await writeApiPrices(call.ctx, items as unknown as PriceUpdate[], meta);
    return result.items[0];
  };
const singleResult = writeResult.shape.items.element.meta({ id: "WriteItemResult" });

export const OPERATIONS: Operation[] = [
  {
    operationId: "listProducts",
    method: "get",
    path: "/products",
    summary: "List products",
    description: "Oldest change first; filter by barcode, external id or changes since an instant.",
    tag: "Products",
    scope: "read",
    query: productListQuery,
    status: 200,
    response: productPage,
    run: (call) => listApiProducts(call.ctx, call.query as z.infer<typeof productListQuery>),
  },
  {
    operationId: "getProduct",
    method: "get",
    path: "/products/{productId}",
    summary: "Get a product",
    tag: "Products",
    scope: "read",
    params: productIdParams,
    status: 200,
    response: productSchema,
    run: (call) => getApiProduct(call.ctx, call.params.productId!),
  },
  {
    operationId: "upsertProducts",
    method: "post",
    path: "/products/batch",
    summary: "Create or update up to 1,000 products",
    description:
      "Each item is found by externalId, else by barcode; a missing one is created (name and priceCents required). All or nothing.",
    tag: "Products",
    scope: "write_products",
    body: productBatch,
    status: 200,
    response: writeResult,
    run: (call) =>
      writeApiProducts(call.ctx, (call.body as z.infer<typeof productBatch>).items, {
        tokenName: call.caller.tokenName,
      }),
  },
  {
    operationId: "upsertProductByBarcode",
    method: "put",
    path: "/products/by-barcode/{barcode}",
    summary: "Create or update the product with this barcode",
    tag: "Products",
    scope: "write_products",
    params: barcodeParams,
    body: productBody,
    status: 200,
    response: singleResult,
    run: single("products", "barcode"),
  },
  {
    operationId: "upsertProductByExternalId",
    method: "put",
    path: "/products/by-external-id/{externalId}",
    summary: "Create or update the product with this external id",
    tag: "Products",
    scope: "write_products",
    params: externalIdParams,
    body: productBody,
    status: 200,
    response: singleResult,
    run: single("products", "externalId"),
  },
  {
    operationId: "updatePrices",
    method: "post",
    path: "/prices/batch",
    summary: "Update the prices of up to 1,000 existing products",
    description: "All or nothing: an unknown product refuses the whole batch (404).",
    tag: "Prices",
    scope: "write_prices",
    body: priceBatch,
    status: 200,
    response: priceWriteResult,
    run: (call) =>
      writeApiPrices(call.ctx, (call.body as z.infer<typeof priceBatch>).items, {
        tokenName: call.caller.tokenName,
      }),
  },
  {
    operationId: "updatePriceByBarcode",
    method: "put",
    path: "/prices/by-barcode/{barcode}",
    summary: "Update the price of the product with this barcode",
    tag: "Prices",
    scope: "write_prices",
    params: barcodeParams,
    body: priceBody,
    status: 200,
    response: priceWriteItem,
    run: single("prices", "barcode"),
  },
  {
    operationId: "updatePriceByExternalId",
    method: "put",
    path: "/prices/by-external-id/{externalId}",
    summary: "Update the price of the product with this external id",
    tag: "Prices",
    scope: "write_prices",
    params: externalIdParams,
    body: priceBody,
    status: 200,
    response: priceWriteItem,
    run: single("prices", "externalId"),
  },
  {
    operationId: "listPointsOfSale",
    method: "get",
    path: "/points-of-sale",
    summary: "List the store's points of sale",
    tag: "Points of sale",
    scope: "read",
    status: 200,
    response: pointOfSaleList,
    run: (call) => listApiPointsOfSale(call.ctx),
  },
  {
    operationId: "listPointOfSaleOverrides",
    method: "get",
    path: "/points-of-sale/{pointOfSaleId}/products",
    summary: "A point of sale's own prices and availability",
    description: "Only the products it overrides or leaves out; the others follow the store-wide values.",
    tag: "Points of sale",
    scope: "read",
    params: pointOfSaleParams,
    status: 200,
    response: overrideList,
    run: (call) => listApiOverrides(call.ctx, call.params.pointOfSaleId!),
  },
  {
    operationId: "setPointOfSaleOverrides",
    method: "post",
    path: "/points-of-sale/{pointOfSaleId}/products/batch",
    summary: "Set up to 1,000 products' price and availability at a point of sale",
    description:
      "Products are found by externalId or barcode. null follows the store-wide value again; excluded leaves the product out of this point of sale's list. All or nothing.",
    tag: "Points of sale",
    scope: "write_prices",
    params: pointOfSaleParams,
    body: overrideBatch,
    status: 200,
    response: overrideList,
    run: (call) =>
      setApiOverrides(
        call.ctx,
        call.params.pointOfSaleId!,
        (call.body as z.infer<typeof overrideBatch>).items,
      ),
  },
  {
    operationId: "setPointOfSaleOverride",
    method: "put",
    path: "/points-of-sale/{pointOfSaleId}/products/{productId}",
    summary: "Set one product's price and availability at a point of sale",
    tag: "Points of sale",
    scope: "write_prices",
    params: pointOfSaleProductParams,
    body: overrideBody,
    status: 200,
    response: overrideSchema,
    run: (call) =>
      setApiOverride(
        call.ctx,
        call.params.pointOfSaleId!,
        call.params.productId!,
        call.body as z.infer<typeof overrideBody>,
      ),
  },
  {
    operationId: "listPromotions",
    method: "get",
    path: "/promotions",
    summary: "List promotions",
    tag: "Promotions",
    scope: "read",
    status: 200,
    response: promotionList,
    run: async (call) => ({
      items: (await listPromotions(call.ctx, { now: call.now })).map((row) => ({
        id: row.id,
        name: row.name,
        type: row.type,
        discountType: row.discountType,
        discountValue: row.discountValue,
        startsOn: row.startsOn,
        endsOn: row.endsOn,
        active: row.active,
        state: row.state,
        productCount: row.productCount,
      })),
    }),
  },
  {
    operationId: "getConfirmation",
    method: "get",
    path: "/confirmation",
    summary: "Today's price confirmation",
    tag: "Confirmation",
    scope: "read",
    status: 200,
    response: confirmationSchema,
    run: async (call) => confirmationOf(await getTodayConfirmation(call.ctx, call.now)),
  },
  {
    operationId: "confirmPrices",
    method: "post",
    path: "/confirmation",
    summary: "Confirm today's prices",
    description: "What the dashboard's “Yes” does; a POS calls it after its morning sync.",
    tag: "Confirmation",
    scope: "write_prices",
    status: 200,
    response: confirmationSchema,
    run: async (call) => {
      await answerToday(call.ctx, { answer: "yes" }, call.now);
      return confirmationOf(await getTodayConfirmation(call.ctx, call.now));
    },
  },
];

function confirmationOf(today: Awaited<ReturnType<typeof getTodayConfirmation>>) {
  return {
    day: today.day,
    counts: today.counts,
    status: today.status,
    answeredAt: today.answeredAt?.toISOString() ?? null,
    late: today.late,
  };
}

/** Whether a token's scopes allow an operation's scope (writing products includes prices). */
export function scopeAllows(scopes: ApiScope[], needed: ApiScope): boolean {
  if (scopes.includes(needed)) return true;
  return needed === "write_prices" && scopes.includes("write_products");
}
