// The rows of an import that name a point of sale (its slug or name, any case), checked
// when the import is planned, so the preview shows what the commit will do: a point of sale the
// store does not have (another store's is one of them) or a product the store will not have after
// the import is a skipped row with its line and reason; the others are the points' own rows.

import type { Queryable } from "~/db/client.server";
import { selectPointsOfSale } from "~/features/points-of-sale/point-of-sale.server";
import type { ImportRow, Skipped } from "./rows";

export type PointOfSaleRow = ImportRow & { pointOfSaleId: string; pointOfSaleName: string };
export type PointOfSaleRowsPlan = { rows: PointOfSaleRow[]; skipped: Skipped[] };

/** A product as the row finds it: by barcode, else by exact name (as the store's own rows match). */
export type ProductKey = { name: string; barcode: string | null };

type PointOfSaleFinder = (cell: string) => { id: string; name: string } | undefined;

/**
 * The store's open points of sale by slug and by lower-case name (how a file's cell names one),
 * and how many there are. Another store's points are not among them: its slug is unknown here.
 */
export async function pointsOfSaleIndex(
  db: Queryable,
  storeId: string,
): Promise<{ find: PointOfSaleFinder; count: number }> {
  const points = await selectPointsOfSale(db, storeId);
  const byKey = new Map<string, { id: string; name: string }>();
  for (const point of points) {
    byKey.set(point.slug, point);
    const name = point.name.toLowerCase();
    if (!byKey.has(name)) byKey.set(name, point);
  }
  return { find: (cell) => byKey.get(cell.trim().toLowerCase()), count: points.length };
}

/** The store's points of sale by slug and by lower-case name: how a file's cell names one. */
export async function pointOfSaleLookup(db: Queryable, storeId: string): Promise<PointOfSaleFinder> {
  return (await pointsOfSaleIndex(db, storeId)).find;
}

/** The point-of-sale rows the commit will write, and the skipped ones with why. Reads only. */
export async function planPointOfSaleRows(
  db: Queryable,
  storeId: string,
  rows: ImportRow[],
  products: Iterable<ProductKey>,
): Promise<PointOfSaleRowsPlan> {
  const plan: PointOfSaleRowsPlan = { rows: [], skipped: [] };
  if (rows.length === 0) return plan;
  const pointOf = await pointOfSaleLookup(db, storeId);
  const barcodes = new Set<string>();
  const names = new Set<string>();
  for (const product of products) {
    if (product.barcode) barcodes.add(product.barcode);
    names.add(product.name);
  }
  for (const row of rows) {
    const cells = [row.name, row.pointOfSale!];
    const point = pointOf(row.pointOfSale!);
    if (!point) plan.skipped.push({ line: row.line, reason: "pointOfSaleUnknown", cells });
    else if (!(row.barcode && barcodes.has(row.barcode)) && !names.has(row.name))
      plan.skipped.push({ line: row.line, reason: "pointOfSaleProductUnknown", cells });
    else plan.rows.push({ ...row, pointOfSaleId: point.id, pointOfSaleName: point.name });
  }
  return plan;
}
