import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { pointOfSale } from "~/db/schema/points-of-sale";
import { countPublicProducts, publicProductsQuery } from "~/features/catalog/public-products.queries.server";
import { latestConfirmation } from "~/features/confirmation/confirmation.server";
import { imageUrls } from "~/features/images/image.server";
import { contentReader } from "~/features/product-language/product-language";
import { albanianTextOf, inAlbanian, toPublicProduct } from "~/features/storefront/catalogue-cache.server";
import { priceStampOf } from "~/features/storefront/stamp";
import { STOREFRONT_PAGE_SIZE, type StorefrontQuery } from "~/features/storefront/storefront.server";
import { storeVisibility } from "~/features/stores/public-store.server";
import { getStoreByUsername } from "~/features/stores/store.server";
import { AppError } from "~/lib/app-error";
import { skopjeDay } from "~/lib/calendar";
import { findPointOfSaleBySlug, selectPointsOfSale } from "./point-of-sale.server";

// /{username}/{slug}, one point of sale's price list page. The store's stamp (one daily
// confirmation for every point of sale), the point's address, phone and hours (else the store's),
// and its products at its effective prices, read from the database (the store page's in-memory
// catalogue holds the store-wide prices only).

export async function getPointOfSalePage(
  db: Queryable,
  username: string,
  slug: string,
  query: StorefrontQuery,
  now: Date,
) {
  const store = await getStoreByUsername(db, username);
  if (!store || storeVisibility(store) === "hidden") throw new AppError("storeNotFound");
  const point = await findPointOfSaleBySlug(db, store.id, slug);
  if (!point) throw new AppError("storeNotFound");
  const confirmation = await latestConfirmation(db, store.id);
  const stamp = priceStampOf(
    confirmation && { confirmedAt: confirmation.answeredAt, day: confirmation.day },
    now,
  );
  const phone = point.phone ?? (store.phonePublic ? store.phone : null);
  const base = {
    store: {
      id: store.id,
      username: store.username,
      name: store.name,
      companyName: store.companyName,
      active: store.active,
      logo: store.logoKey ? imageUrls(store.logoKey, "logo") : null,
    },
    point: {
      slug: point.slug,
      name: point.name,
      address: point.address ?? store.address,
      phone,
      hours: point.hours ?? store.hours,
    },
    stamp,
    pageSize: STOREFRONT_PAGE_SIZE,
  };
  if (storeVisibility(store) === "inactive") return { ...base, products: [], total: 0 };
  const filters = { q: query.q, category: query.categoryId, promo: query.discounted };
  // An Albanian reader's list in the order of the names they read (decision 0074).
  const reader = contentReader(store, query.locale ?? "mk");
  const options = { filters, sort: query.sort, at: now, pointOfSaleId: point.id, reader };
  const [rows, total] = await Promise.all([
    publicProductsQuery(db, store.id, options)
      .limit(STOREFRONT_PAGE_SIZE)
      .offset((query.page - 1) * STOREFRONT_PAGE_SIZE),
    countPublicProducts(db, store.id, filters, now, point.id),
  ]);
  const albanian = reader === "sq";
  const products = rows.map((row) => {
    const card = toPublicProduct(row);
    return albanian ? inAlbanian(card, albanianTextOf(row)) : card;
  });
  return { ...base, products, total };
}

/** The store's points of sale as its public page lists them (only when it has several). */
export async function listPublicPointsOfSale(db: Queryable, store: { id: string; address: unknown }) {
  const points = await selectPointsOfSale(db, store.id);
  if (points.length < 2) return [];
  return points.map((point) => ({
    slug: point.slug,
    name: point.name,
    address: point.address ?? (store.address as typeof point.address),
  }));
}

/**
 * /{username}/prices: the store's closed points of sale, last closed first. Their dated archive
 * stays at its address up to the day each closed (decision 0085): a legal record an inspector
 * may still ask for, so the page that documents the addresses lists it, marked closed.
 */
export async function listPublicClosedPointsOfSale(db: Queryable, storeId: string) {
  const rows = await db
    .select({ slug: pointOfSale.slug, name: pointOfSale.name, closedAt: pointOfSale.closedAt })
    .from(pointOfSale)
    .where(and(eq(pointOfSale.storeId, storeId), isNotNull(pointOfSale.closedAt)))
    .orderBy(desc(pointOfSale.closedAt), asc(pointOfSale.slug));
  return rows.map((row) => ({ slug: row.slug, name: row.name, closedOn: skopjeDay(row.closedAt!) }));
}
