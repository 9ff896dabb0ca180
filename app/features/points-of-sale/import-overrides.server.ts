import { and, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { product } from "~/db/schema/catalog";
import type { Availability } from "~/db/schema/catalog-enums";
import { pointOfSaleProduct } from "~/db/schema/points-of-sale";
import { type ActivityEntry, recordActivity } from "~/features/activity/activity.server";
import type { PointOfSaleRow } from "~/features/import/point-of-sale-rows.server";
import type { Skipped } from "~/features/import/rows";
import { type PriceChange, recordPriceChanges } from "~/features/pricing/price-history.server";
import type { StoreContext } from "~/lib/service-context";
import { overrideColumns } from "./overrides.server";

// An import row with a point of sale (its name or slug) sets that point's own price (and
// availability, when the file has the column, or "not sold here") of an existing product, not the
// store's price. It runs in the import's transaction, after the store's rows, so it can price a
// product the same file adds. A price the row gives is the point's own, even when it equals the
// store's (the owner set it: it stays when the store's price changes); an empty price follows the
// store's (decision 0105). The
// plan (import/point-of-sale-rows.server.ts) has found each row's point of sale and skipped the
// rows naming one the store does not have, so the preview shows them. Only rows that change what
// the point has count and are written (a round trip of an export changes nothing), in one
// multi-row upsert and one delete per 1,000 rows.

export type PointOfSaleImport = { written: number; skipped: Skipped[] };

/** What a point of sale has of a product: its own price, availability, and "not sold here". */
type OverrideState = { priceCents: number | null; availability: Availability | null; excluded: boolean };

/** A product as a point-of-sale row finds it: the store's price and availability after the import. */
export type RowProduct = {
  id: string | null;
  name: string;
  barcode: string | null;
  priceCents: number;
  availability: Availability;
  categoryId?: string | null;
};

const NOTHING: OverrideState = { priceCents: null, availability: null, excluded: false };

/**
 * The point's state of the product after the row: the price the row gives (even the store's own), or
 * none for an empty price; an availability equal to the store's follows the store.
 */
function stateAfterRow(row: PointOfSaleRow, item: RowProduct, old: OverrideState): OverrideState {
  return {
    priceCents: row.followsStorePrice ? null : row.priceCents,
    availability:
      row.availability === undefined
        ? old.availability
        : row.availability === item.availability
          ? null
          : row.availability,
    // "Not sold here" leaves the product out there (its own price and availability kept for when
    // it comes back); an availability in the row means it is sold there; neither keeps what it was.
    excluded: row.excluded ? true : row.availability !== undefined ? false : old.excluded,
  };
}

const sameState = (a: OverrideState, b: OverrideState) =>
  a.priceCents === b.priceCents && a.availability === b.availability && a.excluded === b.excluded;

const stateOf = (row: OverrideState | undefined): OverrideState =>
  row ? { priceCents: row.priceCents, availability: row.availability, excluded: row.excluded } : NOTHING;

/** Finds a row's product: by barcode, else by exact name (as the store's own rows match). */
function productFinder(products: RowProduct[]) {
  const byBarcode = new Map(products.filter((p) => p.barcode).map((p) => [p.barcode!, p]));
  const byName = new Map<string, RowProduct>();
  for (const p of products) if (!byName.has(p.name)) byName.set(p.name, p);
  return (row: PointOfSaleRow) =>
    (row.barcode ? byBarcode.get(row.barcode) : undefined) ?? byName.get(row.name);
}

async function overridesOf(db: Queryable, storeId: string) {
  const rows = await db
    .select(overrideColumns)
    .from(pointOfSaleProduct)
    .where(eq(pointOfSaleProduct.storeId, storeId));
  return new Map(rows.map((row) => [`${row.pointOfSaleId}|${row.productId}`, stateOf(row)]));
}

/**
 * The preview's "point-of-sale prices" count: the rows that change what a point has (reads only).
 * `products` are the store's products as they will be after the file's own rows.
 */
export async function countPointOfSaleChanges(
  db: Queryable,
  storeId: string,
  rows: PointOfSaleRow[],
  products: RowProduct[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const find = productFinder(products);
  const current = await overridesOf(db, storeId);
  let changed = 0;
  for (const row of rows) {
    const item = find(row);
    if (!item) continue;
    const key = `${row.pointOfSaleId}|${item.id ?? `new:${item.barcode ?? item.name}`}`;
    const old = current.get(key) ?? NOTHING;
    const next = stateAfterRow(row, item, old);
    if (!sameState(old, next)) changed++;
    current.set(key, next);
  }
  return changed;
}

export async function importPointOfSaleRows(
  tx: Queryable,
  ctx: StoreContext,
  rows: PointOfSaleRow[],
): Promise<PointOfSaleImport> {
  const result: PointOfSaleImport = { written: 0, skipped: [] };
  if (rows.length === 0) return result;
  const products = await tx
    .select({
      id: product.id,
      name: product.name,
      barcode: product.barcode,
      priceCents: product.priceCents,
      availability: product.availability,
      categoryId: product.categoryId,
    })
    .from(product)
    .where(eq(product.storeId, ctx.storeId));
  const find = productFinder(products);
  const original = await overridesOf(tx, ctx.storeId);
  const current = new Map(original);
  const activity: ActivityEntry[] = [];
  const history: PriceChange[] = [];
  for (const row of rows) {
    const point = { id: row.pointOfSaleId, name: row.pointOfSaleName };
    const item = find(row);
    if (!item?.id) {
      result.skipped.push({
        line: row.line,
        reason: "pointOfSaleProductUnknown",
        cells: [row.name, row.pointOfSale!],
      });
      continue;
    }
    const key = `${point.id}|${item.id}`;
    const old = current.get(key) ?? NOTHING;
    const next = stateAfterRow(row, item, old);
    // A row that changes nothing is neither written nor counted (a round trip reports 0).
    if (sameState(old, next)) continue;
    current.set(key, next);
    result.written++;
    const common = { storeId: ctx.storeId, actorId: ctx.actor.userId, productId: item.id };
    if (next.excluded !== old.excluded) {
      activity.push({
        ...common,
        categoryId: item.categoryId,
        type: "product_updated",
        details: {
          name: item.name,
          pointOfSale: point.name,
          availability: next.availability,
          excluded: next.excluded,
          source: "import",
        },
      });
    }
    const oldPrice = old.priceCents ?? item.priceCents;
    const newPrice = next.priceCents ?? item.priceCents;
    // The legal record of the point's price and availability (decision 0086), as setOverride writes it.
    if (oldPrice !== newPrice || old.availability !== next.availability || old.excluded !== next.excluded) {
      history.push({
        productId: item.id,
        oldPriceCents: oldPrice,
        newPriceCents: newPrice,
        source: "import",
        pointOfSaleId: point.id,
        availability: next.availability ?? item.availability,
        excluded: next.excluded,
      });
    }
    if (oldPrice !== newPrice) {
      activity.push({
        ...common,
        categoryId: item.categoryId,
        type: "price_updated",
        details: {
          name: item.name,
          oldPriceCents: oldPrice,
          newPriceCents: newPrice,
          pointOfSale: point.name,
          source: "import",
        },
      });
    }
  }
  await writeStates(tx, ctx.storeId, original, current);
  await recordPriceChanges(tx, ctx.storeId, ctx.actor.userId, history);
  await recordActivity(tx, activity);
  return result;
}

/** Each changed (point, product) once, with its last state: a delete for "nothing", else an upsert. */
async function writeStates(
  tx: Queryable,
  storeId: string,
  original: Map<string, OverrideState>,
  current: Map<string, OverrideState>,
): Promise<void> {
  const upserts: (OverrideState & { pointOfSaleId: string; productId: string })[] = [];
  const deletes: { pointOfSaleId: string; productId: string }[] = [];
  for (const [key, state] of current) {
    const before = original.get(key);
    if (before && sameState(before, state)) continue;
    const [pointOfSaleId, productId] = key.split("|") as [string, string];
    if (sameState(state, NOTHING)) {
      if (before) deletes.push({ pointOfSaleId, productId });
    } else upserts.push({ ...state, pointOfSaleId, productId });
  }
  // 6 parameters a row: 1,000 rows stay far below PostgreSQL's 65,535.
  for (let start = 0; start < upserts.length; start += 1000) {
    await tx
      .insert(pointOfSaleProduct)
      .values(upserts.slice(start, start + 1000).map((row) => ({ storeId, ...row })))
      .onConflictDoUpdate({
        target: [pointOfSaleProduct.pointOfSaleId, pointOfSaleProduct.productId],
        set: {
          priceCents: sql`excluded.price_cents`,
          availability: sql`excluded.availability`,
          excluded: sql`excluded.excluded`,
          updatedAt: sql`now()`,
        },
      });
  }
  for (let start = 0; start < deletes.length; start += 1000) {
    const chunk = deletes.slice(start, start + 1000);
    await tx.delete(pointOfSaleProduct).where(
      and(
        eq(pointOfSaleProduct.storeId, storeId),
        inArray(
          sql`(${pointOfSaleProduct.pointOfSaleId}, ${pointOfSaleProduct.productId})`,
          chunk.map((row) => sql`(${row.pointOfSaleId}::uuid, ${row.productId}::uuid)`),
        ),
      ),
    );
  }
}
