import { and, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { product } from "~/db/schema/catalog";
import { pointOfSaleProduct } from "~/db/schema/points-of-sale";
import { type ActivityEntry, recordActivity } from "~/features/activity/activity.server";
import type { PointOfSaleRow } from "~/features/import/point-of-sale-rows.server";
import type { Skipped } from "~/features/import/rows";
import { type PriceChange, recordPriceChanges } from "~/features/pricing/price-history.server";
import type { StoreContext } from "~/lib/service-context";

// Issue 19: an import row with a point of sale (its name or slug) sets that point's own price (and
// availability, when the file has the column, or "not sold here") of an existing product, not the
// store's price. It
// runs in the import's transaction, after the store's rows, so it can price a product the same
// file adds. A price equal to the store's is stored as "follows the store". The plan
// (import/point-of-sale-rows.server.ts) has found each row's point of sale and skipped the rows
// naming one the store does not have, so the preview shows them.

export type PointOfSaleImport = { written: number; skipped: Skipped[] };

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
  const byBarcode = new Map(products.filter((p) => p.barcode).map((p) => [p.barcode!, p]));
  const byName = new Map<string, (typeof products)[number]>();
  for (const p of products) if (!byName.has(p.name)) byName.set(p.name, p);
  const existing = await tx
    .select()
    .from(pointOfSaleProduct)
    .where(eq(pointOfSaleProduct.storeId, ctx.storeId));
  const before = new Map(existing.map((row) => [`${row.pointOfSaleId}|${row.productId}`, row]));
  const activity: ActivityEntry[] = [];
  const history: PriceChange[] = [];
  for (const row of rows) {
    const point = { id: row.pointOfSaleId, name: row.pointOfSaleName };
    const item = (row.barcode ? byBarcode.get(row.barcode) : undefined) ?? byName.get(row.name);
    if (!item) {
      result.skipped.push({
        line: row.line,
        reason: "pointOfSaleProductUnknown",
        cells: [row.name, row.pointOfSale!],
      });
      continue;
    }
    const old = before.get(`${point.id}|${item.id}`);
    const priceCents = row.priceCents === item.priceCents ? null : row.priceCents;
    const availability =
      row.availability === undefined
        ? (old?.availability ?? null)
        : row.availability === item.availability
          ? null
          : row.availability;
    // "Not sold here" leaves the product out there (its own price and availability kept for when
    // it comes back); an availability in the row means it is sold there; neither keeps what it was.
    const wasExcluded = old?.excluded ?? false;
    const excluded = row.excluded ? true : row.availability !== undefined ? false : wasExcluded;
    if (priceCents === null && availability === null && !excluded) {
      if (old) {
        await tx
          .delete(pointOfSaleProduct)
          .where(
            and(
              eq(pointOfSaleProduct.storeId, ctx.storeId),
              eq(pointOfSaleProduct.pointOfSaleId, point.id),
              eq(pointOfSaleProduct.productId, item.id),
            ),
          );
      }
    } else {
      await tx
        .insert(pointOfSaleProduct)
        .values({
          storeId: ctx.storeId,
          pointOfSaleId: point.id,
          productId: item.id,
          priceCents,
          availability,
          excluded,
        })
        .onConflictDoUpdate({
          target: [pointOfSaleProduct.pointOfSaleId, pointOfSaleProduct.productId],
          set: { priceCents, availability, excluded, updatedAt: new Date() },
        });
    }
    result.written++;
    if (excluded !== wasExcluded) {
      activity.push({
        storeId: ctx.storeId,
        actorId: ctx.actor.userId,
        productId: item.id,
        categoryId: item.categoryId,
        type: "product_updated",
        details: { name: item.name, pointOfSale: point.name, availability, excluded, source: "import" },
      });
    }
    const oldPrice = old?.priceCents ?? item.priceCents;
    // The legal record of the point's price and availability (decision 0086), as setOverride writes it.
    if (
      oldPrice !== row.priceCents ||
      (old?.availability ?? null) !== availability ||
      excluded !== wasExcluded
    ) {
      history.push({
        productId: item.id,
        oldPriceCents: oldPrice,
        newPriceCents: row.priceCents,
        source: "import",
        pointOfSaleId: point.id,
        availability: availability ?? item.availability,
        excluded,
      });
    }
    if (oldPrice !== row.priceCents) {
      activity.push({
        storeId: ctx.storeId,
        actorId: ctx.actor.userId,
        productId: item.id,
        categoryId: item.categoryId,
        type: "price_updated",
        details: {
          name: item.name,
          oldPriceCents: oldPrice,
          newPriceCents: row.priceCents,
          pointOfSale: point.name,
          source: "import",
        },
      });
    }
  }
  await recordPriceChanges(tx, ctx.storeId, ctx.actor.userId, history);
  await recordActivity(tx, activity);
  return result;
}
