import { and, desc, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { priceConfirmation } from "~/db/schema/compliance";
import { publicProductsQuery } from "~/features/catalog/public-products.queries.server";
import { storeOrigin } from "~/features/domains/domain-directory.server";
import { discountOf } from "~/features/storefront/discount";
import type { Store } from "~/features/stores/store.server";
import { getConfig } from "~/lib/config.server";
import { unitPriceCents } from "~/lib/money";

// The machine-readable public price list (PRODUCT.md "Beyond the specification" 1): one model,
// serialised as CSV and JSON for the live feeds and for the dated archive.

export type PriceListItem = {
  id: string;
  name: string;
  category: string | null;
  description: string | null;
  /** The Albanian name and description (decision 0074); null unless the store enables Albanian content. */
  nameSq: string | null;
  descriptionSq: string | null;
  /** The category's Albanian name, on the same terms. */
  categorySq?: string | null;
  priceCents: number;
  regularPriceCents: number | null;
  discountPercent: number | null;
  discountAmountCents: number | null;
  /** The law's promotion type (promotion-constants.ts), while a promotion runs. */
  discountType: string | null;
  discountFrom: string | null;
  discountTo: string | null;
  /** The lowest price in effect in the 30 days before the promotion started (the law's prior price). */
  priorPriceCents: number | null;
  unitPriceCents: number | null;
  unitPricePer: string | null;
  unit: string;
  vatRate: string;
  availability: string;
  barcode: string | null;
  updatedAt: string;
  /** The product's photo as an absolute URL (programs read the file away from the site); null without one. */
  imageUrl?: string | null;
};

/** The point of sale a list belongs to (decision 0068): its slug, name and address as one line. */
export type PriceListPointOfSale = { slug: string; name: string; address: string | null };

export type PriceList = {
  store: { username: string; name: string; companyName: string };
  /** Absent on the store-wide list. */
  pointOfSale?: PriceListPointOfSale;
  confirmedAt: string | null;
  /** The latest change the list reflects: a pure function of the data, the same on every instance. */
  updatedAt: string;
  currency: "MKD";
  products: PriceListItem[];
};

/** The latest "yes" of this store, or null if it never confirmed. */
export async function lastConfirmedAt(db: Queryable, storeId: string): Promise<Date | null> {
  const [row] = await db
    .select({ answeredAt: priceConfirmation.answeredAt })
    .from(priceConfirmation)
    .where(and(eq(priceConfirmation.storeId, storeId), eq(priceConfirmation.status, "confirmed")))
    .orderBy(desc(priceConfirmation.day))
    .limit(1);
  return row?.answeredAt ?? null;
}

/** A stored image path ("/uploads/…") on the store's origin; an absolute URL stays as it is. */
function absoluteUrl(href: string, origin: string): string {
  try {
    return new URL(href, origin).href;
  } catch {
    return href;
  }
}

/** Every active product of the store with every law field; an inactive store publishes none. */
export async function buildPriceList(
  db: Queryable,
  store: Pick<Store, "id" | "username" | "name" | "companyName" | "active" | "updatedAt" | "albanianContent">,
  /** The instant whose prices are in effect (default: the clock's now). */
  at?: Date,
  /** A point of sale of this store: its own list (decision 0068); the confirmation stays the store's. */
  pointOfSale?: PriceListPointOfSale & { id: string },
  /**
   * Where the images' paths are resolved: the store's own domain while one is served (a program
   * reading the list finds the photos where the list is), else the platform's address.
   */
  imageOrigin: string = storeOrigin(store.username, getConfig().baseUrl),
): Promise<PriceList> {
  const [confirmedAt, rows] = await Promise.all([
    lastConfirmedAt(db, store.id),
    store.active
      ? publicProductsQuery(db, store.id, { at, pointOfSaleId: pointOfSale?.id ?? null })
      : Promise.resolve([]),
  ]);
  let latest = Math.max(store.updatedAt.getTime(), confirmedAt?.getTime() ?? 0);
  for (const row of rows) latest = Math.max(latest, row.updatedAt.getTime());
  return {
    store: { username: store.username, name: store.name, companyName: store.companyName },
    ...(pointOfSale
      ? { pointOfSale: { slug: pointOfSale.slug, name: pointOfSale.name, address: pointOfSale.address } }
      : {}),
    confirmedAt: confirmedAt?.toISOString() ?? null,
    updatedAt: new Date(latest).toISOString(),
    currency: "MKD",
    products: rows.map((row) => {
      const discount = discountOf(row.priceCents, row.regularPriceCents);
      const unitPrice = unitPriceCents(row.priceCents, row.netQuantityMilli, row.netUnit);
      return {
        id: row.id,
        name: row.name,
        category: row.categoryName,
        description: row.description,
        nameSq: store.albanianContent ? row.nameSq : null,
        descriptionSq: store.albanianContent ? row.descriptionSq : null,
        categorySq: store.albanianContent ? row.categoryNameSq : null,
        priceCents: row.priceCents,
        regularPriceCents: row.regularPriceCents,
        discountPercent: discount?.percent ?? null,
        discountAmountCents: discount?.amountCents ?? null,
        // A running promotion's days; a reduction typed as a regular price has none.
        discountType: row.promotionType,
        discountFrom: row.promotionStartsOn,
        discountTo: row.promotionEndsOn,
        priorPriceCents: row.priorPriceCents,
        unitPriceCents: unitPrice?.cents ?? null,
        unitPricePer: unitPrice?.per ?? null,
        unit: row.unit,
        vatRate: row.vatRate,
        availability: row.availability,
        barcode: row.barcode,
        updatedAt: row.updatedAt.toISOString(),
        imageUrl: row.imageUrl ? absoluteUrl(row.imageUrl, imageOrigin) : null,
      };
    }),
  };
}
