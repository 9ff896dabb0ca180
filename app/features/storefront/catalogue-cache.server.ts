import type { Queryable } from "~/db/client.server";
import {
  countPublicProducts,
  type PublicProductRow,
  publicProductsQuery,
} from "~/features/catalog/public-products.queries.server";
import { listCategories } from "~/features/categories/category.queries.server";
import { latestConfirmation } from "~/features/confirmation/confirmation.server";
import { contentFor } from "~/features/product-language/product-language";
import { getStoreByUsername, type Store } from "~/features/stores/store.server";
import { skopjeDay } from "~/lib/calendar";
import type { CardProduct } from "./product-cards-html";
import type { StoreVersions } from "./store-versions.server";

// The public catalogue of a store, held in memory between changes (decision 0009). A render of the
// public page (a page-cache miss: another filter, search, sort or page) then reads no database at
// all. An entry is trusted exactly like a cached page: only while its store.version is the newest
// one StoreVersions has heard of, and only on the Skopje day it was read for (decision 0092): its
// prices are the ones in effect that day, and a day starts without any write that would
// move the version. CATALOGUE_CACHE=off turns it off; every render then queries.

/** Stores with more active products than this are filtered by the database on every render. */
export const IN_MEMORY_PRODUCT_LIMIT = 2_000;
const MAX_PRODUCTS_HELD = 100_000;
const MAX_STORES_HELD = 5_000;

/** What the public page shows of one product (the card's fields). */
export type PublicProduct = CardProduct & { imageUrl: string | null };

/** The card's fields of a public product row: the page sends no more than it shows. */
export function toPublicProduct(row: PublicProductRow): PublicProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
    regularPriceCents: row.regularPriceCents,
    vatRate: row.vatRate,
    unit: row.unit,
    netQuantityMilli: row.netQuantityMilli,
    netUnit: row.netUnit,
    availability: row.availability,
    imageUrl: row.imageUrl,
    categoryName: row.categoryName,
    promotion:
      row.promotionType && row.promotionStartsOn && row.promotionEndsOn && row.priorPriceCents !== null
        ? {
            type: row.promotionType,
            startsOn: row.promotionStartsOn,
            endsOn: row.promotionEndsOn,
            priorPriceCents: row.priorPriceCents,
          }
        : null,
  };
}

/**
 * A product's Albanian texts and its category's Albanian name (decision 0074), held beside the card's
 * fields; null when it has none.
 */
export type AlbanianText = {
  nameSq: string | null;
  descriptionSq: string | null;
  categoryNameSq?: string | null;
} | null;

export function albanianTextOf(
  row: Pick<PublicProductRow, "nameSq" | "descriptionSq"> & { categoryNameSq?: string | null },
): AlbanianText {
  return row.nameSq || row.descriptionSq || row.categoryNameSq
    ? { nameSq: row.nameSq, descriptionSq: row.descriptionSq, categoryNameSq: row.categoryNameSq ?? null }
    : null;
}

/** A card in Albanian: the product's and its category's Albanian texts where given, else Macedonian. */
export function inAlbanian<T extends PublicProduct>(card: T, text: AlbanianText): T {
  if (!text) return card;
  return {
    ...card,
    ...contentFor({ ...card, ...text }, "sq"),
    categoryName: text.categoryNameSq || card.categoryName,
  };
}

/** A product as held in memory: what the page shows, and what the filters need. */
export type HeldProduct = {
  product: PublicProduct;
  categoryId: string | null;
  searchText: string;
  albanian: AlbanianText;
};

export type Catalogue = {
  store: Store;
  confirmation: { day: string; answeredAt: Date } | null;
  categories: { id: string; name: string; nameSq: string | null }[];
  /** Every active product in name order, or null when the store has too many to hold. */
  products: HeldProduct[] | null;
};

type Entry = Catalogue & { version: number; day: string; size: number };

/**
 * Reads a store's catalogue from the database; null when no store has this username. Without
 * `withProducts` (nothing will hold it) the products are left to the database's filters.
 */
export async function loadCatalogue(
  db: Queryable,
  username: string,
  withProducts: boolean | "unless too many" = false,
  /** The instant whose prices are in effect (promotions run on Skopje days). */
  at?: Date,
): Promise<Catalogue | null> {
  // The store row first: its version is read before anything it versions (see get()).
  const store = await getStoreByUsername(db, username);
  if (!store) return null;
  // A store known to be too large is counted first: reading (and pricing) 2,001 of its products
  // only to drop them took the soak's 20,000-product store a second of the database per load.
  const holdable =
    withProducts === "unless too many"
      ? (await countPublicProducts(db, store.id, {}, at)) <= IN_MEMORY_PRODUCT_LIMIT
      : withProducts;
  const [confirmation, categories, rows] = await Promise.all([
    latestConfirmation(db, store.id),
    listCategories(db, store.id),
    holdable ? publicProductsQuery(db, store.id, { at }).limit(IN_MEMORY_PRODUCT_LIMIT + 1) : null,
  ]);
  const products =
    !rows || rows.length > IN_MEMORY_PRODUCT_LIMIT
      ? null
      : rows.map((row) => ({
          product: toPublicProduct(row),
          categoryId: row.categoryId,
          searchText: row.searchText.toLowerCase(),
          albanian: albanianTextOf(row),
        }));
  return { store, confirmation, categories, products };
}

/** A load in progress: later misses of the same store and day share it while no change is heard. */
type Flight = { load: Promise<Catalogue | null>; changes: number };

export class CatalogueCache {
  private entries = new Map<string, Entry>();
  private held = 0;
  /** Stores whose last load had too many products to hold, by username. */
  private tooLarge = new Set<string>();
  private flights = new Map<string, Flight>();
  private readonly enabled = process.env.CATALOGUE_CACHE !== "off";
  hits = 0;
  loads = 0;

  constructor(private readonly versions: StoreVersions) {
    versions.onReset(() => this.clear());
  }

  clear() {
    this.entries.clear();
    this.tooLarge.clear();
    this.held = 0;
  }

  /** The store's id and version when its catalogue is held and current, of any day (no query needed). */
  currentVersion(username: string): { id: string; version: number } | null {
    const entry = this.valid(username.toLowerCase());
    return entry ? { id: entry.store.id, version: entry.version } : null;
  }

  /** The current catalogue of the store with this username, from memory when it is held. */
  async get(db: Queryable, name: string, at = new Date()): Promise<Catalogue | null> {
    const username = name.toLowerCase();
    if (!this.enabled || !this.versions.isLive) return loadCatalogue(db, username, false, at);
    const day = skopjeDay(at);
    const held = this.valid(username);
    if (held && held.day === day) {
      this.hits++;
      // Most recently used last: the first entry is the one to evict.
      this.entries.delete(username);
      this.entries.set(username, held);
      return held;
    }
    // Decision 0115: after a change, every visitor of the store missed at once and each loaded it. One
    // loads; the others wait for it, unless a change was heard since it began (it may predate the
    // change: a visitor who has just saved a price must see it).
    const key = `${username}|${day}`;
    const flight = this.flights.get(key);
    if (flight && flight.changes === this.versions.changes) return flight.load;
    const load = this.load(db, username, day, at);
    const started = { load, changes: this.versions.changes };
    this.flights.set(key, started);
    const landed = () => {
      if (this.flights.get(key) === started) this.flights.delete(key);
    };
    load.then(landed, landed);
    return load;
  }

  private async load(db: Queryable, username: string, day: string, at: Date): Promise<Catalogue | null> {
    this.loads++;
    const catalogue = await loadCatalogue(
      db,
      username,
      this.tooLarge.has(username) ? "unless too many" : true,
      at,
    );
    if (!catalogue) return null;
    const { id, version } = catalogue.store;
    this.versions.note(id, version);
    if (catalogue.products) this.tooLarge.delete(username);
    else this.tooLarge.add(username);
    // Tagged with the version read before the rest: if anything changed while loading, the newer
    // version is already known or about to be, and this entry is never served.
    if (this.versions.newest(id) === version) this.put(username, { ...catalogue, version, day, size: 0 });
    return catalogue;
  }

  private valid(username: string): Entry | null {
    const entry = this.entries.get(username);
    if (!entry) return null;
    if (this.versions.newest(entry.store.id) === entry.version) return entry;
    this.drop(username, entry);
    return null;
  }

  private put(username: string, entry: Entry) {
    entry.size = 1 + (entry.products?.length ?? 0);
    const old = this.entries.get(username);
    if (old) this.drop(username, old);
    while (this.entries.size >= MAX_STORES_HELD || this.held + entry.size > MAX_PRODUCTS_HELD) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.drop(oldest[0], oldest[1]);
    }
    this.entries.set(username, entry);
    this.held += entry.size;
  }

  private drop(username: string, entry: Entry) {
    this.entries.delete(username);
    this.held -= entry.size;
  }
}
