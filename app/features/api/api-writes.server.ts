import {
  PRICE_FIELDS,
  type ProductField,
  type ProductWrite,
  type RowProblem,
  writeProducts,
} from "~/features/catalog/product-writer.server";
import type { StoreContext } from "~/lib/service-context";
import type { PriceUpdate, PriceWriteResult, ProductUpsert, WriteResult } from "./api.schema";
import { productsById, toApiProduct } from "./api-products.server";
import { ApiProblem, type FieldProblem, type ProblemKind } from "./problem";

// The API's writes: a batch (up to 1,000 items) is ONE transaction through the catalogue's product
// writer (decision 0122), which matches, checks and writes; every item is checked first and any
// problem refuses the whole batch. What stays here is the API's own language: the scope's field
// allow-list handed to the writer, and the writer's neutral problems as problem details.

export type WriteMode = "products" | "prices";
type Item = ProductUpsert | PriceUpdate;

/** Where a problem of item `index`'s `field` points: the item in a batch, the path or body of a PUT. */
export type Pointer = (index: number, field: string) => string;
export const batchPointer: Pointer = (index, field) => `#/items/${index}/${field}`;
/** A single PUT: its key is in the path, the other fields in the body. */
export const singlePointer =
  (key: "barcode" | "externalId"): Pointer =>
  (_index, field) =>
    field === key ? `#path/${key}` : `#/${field}`;

/** The fields a write of each scope may change: products every field the API has, prices the prices. */
const FIELDS: Record<WriteMode, readonly ProductField[]> = {
  products: [
    "externalId",
    "barcode",
    "name",
    "description",
    "nameSq",
    "descriptionSq",
    "priceCents",
    "regularPriceCents",
    "vatRate",
    "unit",
    "netQuantityMilli",
    "netUnit",
    "quantity",
    "availability",
    "status",
  ],
  prices: PRICE_FIELDS,
};

/** Writes a batch of product upserts; answers each item's outcome and product, in order. */
export async function writeApiProducts(
  ctx: StoreContext,
  items: ProductUpsert[],
  meta: { tokenName: string; pointer?: Pointer },
): Promise<WriteResult> {
  const plan = await write(ctx, "products", items, meta);
  const rows = await productsById(
    ctx.db,
    ctx.storeId,
    plan.map((row) => row.id),
  );
  return {
    counts: countsOf(plan),
    items: plan.map((row) => ({ outcome: row.outcome, product: toApiProduct(rows.get(row.id)!) })),
  };
}

/**
 * Writes a batch of price updates. The answer carries the key each item matched and the prices it
 * wrote, nothing else of the product: a `write_prices` token cannot read products.
 */
export async function writeApiPrices(
  ctx: StoreContext,
  items: PriceUpdate[],
  meta: { tokenName: string; pointer?: Pointer },
): Promise<PriceWriteResult> {
  const plan = await write(ctx, "prices", items, meta);
  return {
    counts: countsOf(plan),
    items: plan.map((row) => {
      const item = items[row.index]!;
      return {
        outcome: row.outcome,
        ...(item.externalId !== undefined ? { externalId: item.externalId } : { barcode: item.barcode! }),
        priceCents: row.values.priceCents,
        regularPriceCents: row.values.regularPriceCents,
      };
    }),
  };
}

function countsOf(plan: { outcome: string }[]) {
  const created = plan.filter((row) => row.outcome === "created").length;
  const updated = plan.filter((row) => row.outcome === "updated").length;
  return { created, updated, unchanged: plan.length - created - updated };
}

async function write(
  ctx: StoreContext,
  mode: WriteMode,
  items: Item[],
  meta: { tokenName: string; pointer?: Pointer },
) {
  const at = meta.pointer ?? batchPointer;
  refuseDuplicates(items, at);
  // The items as they came: every field they carry goes to the writer, which refuses the ones the
  // scope does not allow (a prices item's barcode beside its external id is a change of barcode).
  const rows = items.map((item) => ({ ...item }) as ProductWrite);
  const plan = await writeProducts(ctx, rows, {
    source: "api",
    fields: FIELDS[mode],
    create: mode === "products",
    details: { token: meta.tokenName },
    allOrNothing: true,
  });
  if (plan.problems.length > 0) throw problemOf(plan.problems, at);
  return plan.rows;
}

/** Two items of one batch naming the same external id or barcode: refused before anything is read. */
function refuseDuplicates(items: Item[], at: Pointer) {
  const problems: FieldProblem[] = [];
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const key = item.externalId !== undefined ? `e:${item.externalId}` : `b:${item.barcode}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else
      problems.push({
        pointer: at(index, item.externalId !== undefined ? "externalId" : "barcode"),
        detail: `duplicate of item ${first}`,
      });
  });
  if (problems.length > 0) throw new ApiProblem("validation", { errors: problems });
}

/** Each of the writer's problems as the API says it: its kind (status) and words. */
const WORDING: Record<RowProblem["code"], { kind: ProblemKind; detail: (p: RowProblem) => string }> = {
  notAllowed: {
    kind: "validation",
    detail: () => "not a price field: a price update may change priceCents and regularPriceCents only",
  },
  required: { kind: "validation", detail: () => "required for a new product" },
  regularBelowPrice: { kind: "validation", detail: () => "must not be below priceCents" },
  netUnitRequired: { kind: "validation", detail: () => "required with netQuantityMilli" },
  categoryInvalid: { kind: "validation", detail: () => "not one of the store's categories" },
  ambiguous: { kind: "conflict", detail: (p) => `several products have this ${p.field}` },
  sameProduct: { kind: "conflict", detail: (p) => `names the same product as item ${p.other}` },
  notFound: { kind: "not-found", detail: () => "no such product" },
};
const ORDER: ProblemKind[] = ["validation", "conflict", "not-found"];

/** The writer's problems as one problem: the first kind among them (400, then 409, then 404). */
function problemOf(problems: RowProblem[], at: Pointer): ApiProblem {
  const kind = ORDER.find((candidate) => problems.some((p) => WORDING[p.code].kind === candidate))!;
  const errors = problems
    .filter((p) => WORDING[p.code].kind === kind)
    .map((p) => ({ pointer: at(p.index, p.field), detail: WORDING[p.code].detail(p) }));
  return new ApiProblem(kind, { errors });
}
