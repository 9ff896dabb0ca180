import { and, eq, inArray, or } from "drizzle-orm";
import { product } from "~/db/schema/catalog";
import {
  listPointOfSaleOverrides,
  type Override,
  setOverride,
} from "~/features/points-of-sale/overrides.server";
import { getPointOfSale, listPointsOfSale } from "~/features/points-of-sale/point-of-sale.server";
import type { StoreContext } from "~/lib/service-context";
import type { OverrideUpdate } from "./api.schema";
import { ApiProblem, type FieldProblem } from "./problem";

// A point of sale's own prices and availability through the API, written by the points
// of sale service the dashboard uses (setOverride: its checks and its activity rows). A batch is
// one transaction: an unknown product refuses all of it.

export async function listApiPointsOfSale(ctx: StoreContext) {
  const points = await listPointsOfSale(ctx);
  return { items: points.map((point) => ({ id: point.id, slug: point.slug, name: point.name })) };
}

export async function listApiOverrides(ctx: StoreContext, pointOfSaleId: string) {
  return { items: (await listPointOfSaleOverrides(ctx, pointOfSaleId)).map(overrideOf) };
}

function overrideOf(override: Override) {
  return {
    productId: override.productId,
    priceCents: override.priceCents,
    availability: override.availability,
    excluded: override.excluded,
  };
}

type Fields = Pick<OverrideUpdate, "priceCents" | "availability" | "excluded">;

/** The override after the change (a product back to the store's values answers all nulls). */
export async function setApiOverride(
  ctx: StoreContext,
  pointOfSaleId: string,
  productId: string,
  fields: Fields,
) {
  const saved = await setOverride(ctx, { pointOfSaleId, productId, ...fields, source: "api" });
  return saved ? overrideOf(saved) : { productId, priceCents: null, availability: null, excluded: false };
}

export async function setApiOverrides(ctx: StoreContext, pointOfSaleId: string, items: OverrideUpdate[]) {
  await getPointOfSale(ctx, pointOfSaleId);
  const externalIds = items.flatMap((item) => (item.externalId !== undefined ? [item.externalId] : []));
  const barcodes = items.flatMap((item) => (item.barcode !== undefined ? [item.barcode] : []));
  const rows = await ctx.db
    .select({ id: product.id, externalId: product.externalId, barcode: product.barcode })
    .from(product)
    .where(
      and(
        eq(product.storeId, ctx.storeId),
        or(
          externalIds.length > 0 ? inArray(product.externalId, externalIds) : undefined,
          barcodes.length > 0 ? inArray(product.barcode, barcodes) : undefined,
        ),
      ),
    );
  const problems: FieldProblem[] = [];
  const seen = new Map<string, number>();
  const ids = items.map((item, index) => {
    const byExternal =
      item.externalId !== undefined ? rows.find((row) => row.externalId === item.externalId) : undefined;
    const byBarcode = item.barcode !== undefined ? rows.filter((row) => row.barcode === item.barcode) : [];
    const field = item.externalId !== undefined ? "externalId" : "barcode";
    const id = byExternal?.id ?? (byBarcode.length === 1 ? byBarcode[0]!.id : undefined);
    if (!id) {
      problems.push({
        pointer: `#/items/${index}/${field}`,
        detail: byBarcode.length > 1 ? "several products have this barcode" : "no such product",
      });
      return "";
    }
    const first = seen.get(id);
    if (first !== undefined)
      problems.push({ pointer: `#/items/${index}/${field}`, detail: `duplicate of item ${first}` });
    seen.set(id, index);
    return id;
  });
  if (problems.length > 0) throw new ApiProblem("validation", { errors: problems });
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const saved = [];
    for (const [index, item] of items.entries()) {
      const { externalId: _e, barcode: _b, ...fields } = item;
      saved.push(await setApiOverride(inTx, pointOfSaleId, ids[index]!, fields));
    }
    return { items: saved };
  });
}
