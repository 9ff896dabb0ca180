import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { StoreAddress } from "~/features/address/address";
import type { WeekHours } from "~/features/stores/hours";
import { product } from "./catalog";
import { AVAILABILITIES } from "./catalog-enums";
import { promotion } from "./promotions";
import { store } from "./stores";

// The law asks for the price list of each point of sale separately (decision 0068).
// A store has at least one point of sale (a trigger creates the first with the store, migration
// 0019); prices are store-wide unless a point of sale overrides them.

/** A period a point of sale was closed, ended by its reopening (decision 0095). */
export type PointOfSaleClosure = { closedAt: string; reopenedAt: string };

/**
 * A shop of the store. address, phone and hours left null read as the store's own, so the first
 * point of sale of a store that never opened a second one shows exactly what the store shows.
 */
export const pointOfSale = pgTable(
  "point_of_sale",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    // The stable public address /{username}/{slug}: set once, never reused within the store.
    slug: text().notNull(),
    name: text().notNull(),
    address: jsonb().$type<StoreAddress>(),
    phone: text(),
    hours: jsonb().$type<WeekHours>(),
    position: integer().notNull().default(0),
    // Decision 0085: a closed point of sale leaves the store's lists, menus and live files, but its
    // dated archive and price history stay (the legal record): it is never deleted.
    closedAt: timestamp({ withTimezone: true }),
    // Decision 0095: the periods it was closed before it was reopened (ISO instants), so its dated
    // archive keeps answering "closed" for those days after a reopening.
    closures: jsonb().$type<PointOfSaleClosure[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("point_of_sale_store_slug_key").on(t.storeId, t.slug),
    // The target of the composite foreign keys below: a row can only name a point of its own store.
    unique("point_of_sale_store_id_key").on(t.storeId, t.id),
    index("point_of_sale_store_position_idx").on(t.storeId, t.position),
  ],
);

/**
 * A point of sale's own price and availability of a product, or the product left out there. A
 * null column follows the store-wide value; a row with nothing set is deleted.
 */
export const pointOfSaleProduct = pgTable(
  "point_of_sale_product",
  {
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    pointOfSaleId: uuid().notNull(),
    productId: uuid()
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    priceCents: bigint({ mode: "number" }),
    availability: text({ enum: AVAILABILITIES }),
    excluded: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pointOfSaleId, t.productId] }),
    index("point_of_sale_product_store_product_idx").on(t.storeId, t.productId),
    foreignKey({
      name: "point_of_sale_product_point_fk",
      columns: [t.storeId, t.pointOfSaleId],
      foreignColumns: [pointOfSale.storeId, pointOfSale.id],
    }).onDelete("cascade"),
    check("point_of_sale_product_price_check", sql`${t.priceCents} is null or ${t.priceCents} > 0`),
  ],
);

/** A promotion limited to some points of sale; a promotion with no row runs at every one. */
export const promotionPointOfSale = pgTable(
  "promotion_point_of_sale",
  {
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    promotionId: uuid()
      .notNull()
      .references(() => promotion.id, { onDelete: "cascade" }),
    pointOfSaleId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.pointOfSaleId] }),
    index("promotion_point_of_sale_store_idx").on(t.storeId, t.pointOfSaleId),
    foreignKey({
      name: "promotion_point_of_sale_point_fk",
      columns: [t.storeId, t.pointOfSaleId],
      foreignColumns: [pointOfSale.storeId, pointOfSale.id],
    }).onDelete("cascade"),
  ],
);

/**
 * A point of sale's price list as it was public at a moment (the dated archive of
 * /{username}/{slug}/prices/{day}.csv|json), taken beside the store's own snapshot whenever some
 * point of sale's list can differ from the store's (feeds/snapshot.server.ts).
 */
export const pointOfSaleSnapshot = pgTable(
  "point_of_sale_snapshot",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    pointOfSaleId: uuid().notNull(),
    day: date({ mode: "string" }).notNull(),
    json: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("point_of_sale_snapshot_point_day_idx").on(t.storeId, t.pointOfSaleId, t.day, t.createdAt),
    index("point_of_sale_snapshot_day_idx").on(t.day),
    foreignKey({
      name: "point_of_sale_snapshot_point_fk",
      columns: [t.storeId, t.pointOfSaleId],
      foreignColumns: [pointOfSale.storeId, pointOfSale.id],
    }).onDelete("cascade"),
  ],
);
