import { and, desc, eq, lte } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { pointOfSaleSnapshot } from "~/db/schema/points-of-sale";
import { store as storeTable } from "~/db/schema/stores";
import { formatAddress } from "~/features/address/address";
import { buildPriceList, type PriceList } from "~/features/feeds/price-list.server";
import type { Store } from "~/features/stores/store.server";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { getPointOfSale, type PointOfSale, selectPointsOfSale } from "./point-of-sale.server";

// A point of sale's public price list (decision 0069) — the effective price (its override, else the
// store's price; a running promotion not limited elsewhere), without the products it leaves out —
// and its dated archive. The daily confirmation is the store's: every list carries the same stamp.

type ListStore = Pick<
  Store,
  "id" | "username" | "name" | "companyName" | "active" | "updatedAt" | "albanianContent" | "address"
>;

/** What a list says of its point of sale: the address is its own, else the store's (mk, as the files). */
export function pointOfSaleOfList(point: PointOfSale, owner: Pick<Store, "address">) {
  const address = point.address ?? owner.address;
  return {
    id: point.id,
    slug: point.slug,
    name: point.name,
    address: address ? formatAddress(address, "mk") : null,
  };
}

/** The price list of a point of sale as public now (or at `at`). */
export function buildPointOfSalePriceList(
  db: Queryable,
  owner: ListStore,
  point: PointOfSale,
  at?: Date,
  /** Where the images' paths are resolved (buildPriceList's default: the store's origin). */
  imageOrigin?: string,
): Promise<PriceList> {
  return buildPriceList(db, owner, at, pointOfSaleOfList(point, owner), imageOrigin);
}

/** The effective price list of one of the signed-in owner's points of sale (dashboard, API). */
export async function getPointOfSalePriceList(
  ctx: StoreContext,
  pointOfSaleId: string,
  at?: Date,
): Promise<PriceList> {
  const point = await getPointOfSale(ctx, pointOfSaleId);
  const [owner] = await ctx.db.select().from(storeTable).where(eq(storeTable.id, ctx.storeId));
  if (!owner) throw new AppError("storeNotFound");
  return buildPointOfSalePriceList(ctx.db, owner, point, at);
}

/**
 * Stores each point of sale's list as public at `at` (default: now) as that day's, beside the
 * store's snapshot (snapshot.server.ts).
 */
export async function archivePointOfSaleLists(
  db: Queryable,
  owner: ListStore,
  day: string,
  now: Date,
  toJson: (list: PriceList) => string,
  at: Date = now,
): Promise<void> {
  for (const point of await selectPointsOfSale(db, owner.id)) {
    const list = await buildPointOfSalePriceList(db, owner, point, at);
    await db
      .insert(pointOfSaleSnapshot)
      .values({ storeId: owner.id, pointOfSaleId: point.id, day, json: toJson(list), createdAt: now });
  }
}

/** The last snapshot of a point of sale's list on that day (with `notAfter`, taken by then), or null. */
export async function getPointOfSaleSnapshot(
  db: Queryable,
  storeId: string,
  pointOfSaleId: string,
  day: string,
  notAfter?: Date,
) {
  const [row] = await db
    .select({ json: pointOfSaleSnapshot.json, createdAt: pointOfSaleSnapshot.createdAt })
    .from(pointOfSaleSnapshot)
    .where(
      and(
        eq(pointOfSaleSnapshot.storeId, storeId),
        eq(pointOfSaleSnapshot.pointOfSaleId, pointOfSaleId),
        eq(pointOfSaleSnapshot.day, day),
        notAfter ? lte(pointOfSaleSnapshot.createdAt, notAfter) : undefined,
      ),
    )
    .orderBy(desc(pointOfSaleSnapshot.createdAt))
    .limit(1);
  return row ?? null;
}
