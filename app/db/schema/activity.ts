import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { category, product } from "./catalog";
import { AVAILABILITIES } from "./catalog-enums";
import { pointOfSale } from "./points-of-sale";
import { store } from "./stores";

export const ACTIVITY_TYPES = [
  "product_added",
  "product_updated",
  "product_deleted",
  "products_bulk_deleted",
  "products_imported",
  "price_updated",
  "price_update_skipped",
  "price_update_confirmed",
  "price_update_error",
  // A point of sale closed or reopened (decisions 0085, 0095).
  "point_of_sale_closed",
  "point_of_sale_reopened",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const PRICE_SOURCES = ["form", "bulk", "import", "api", "seed", "promotion"] as const;

// Append-only: rows are inserted, never updated (PRODUCT.md).
export const priceHistory = pgTable(
  "price_history",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    productId: uuid().references(() => product.id, { onDelete: "set null" }),
    oldPriceCents: bigint({ mode: "number" }),
    newPriceCents: bigint({ mode: "number" }).notNull(),
    source: text({ enum: PRICE_SOURCES }).notNull(),
    actorId: text().references(() => user.id, { onDelete: "set null" }),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Decision 0086: a change at one point of sale (its own price, availability or the
    // product left out there); null is the store-wide price every store-wide reader reckons with.
    // The prices are then the point's effective prices, and availability/excluded what held there
    // after the change. No cascade: a point of sale with a history is closed, never deleted (0085).
    pointOfSaleId: uuid(),
    availability: text({ enum: AVAILABILITIES }),
    excluded: boolean(),
  },
  (t) => [
    index("price_history_store_product_idx").on(t.storeId, t.productId, t.changedAt),
    // The foreign key's check when a store (and its points of sale) is deleted.
    index("price_history_point_of_sale_idx")
      .on(t.storeId, t.pointOfSaleId)
      .where(sql`${t.pointOfSaleId} is not null`),
    foreignKey({
      name: "price_history_point_of_sale_fk",
      columns: [t.storeId, t.pointOfSaleId],
      foreignColumns: [pointOfSale.storeId, pointOfSale.id],
    }),
  ],
);

export const activityLog = pgTable(
  "activity_log",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    type: text({ enum: ACTIVITY_TYPES }).notNull(),
    productId: uuid().references(() => product.id, { onDelete: "set null" }),
    actorId: text().references(() => user.id, { onDelete: "set null" }),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    // The product's category when the entry was written, for the activity filter.
    categoryId: uuid().references(() => category.id, { onDelete: "set null" }),
    // searchKey of the product name, so the activity search matches like the products search.
    searchText: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("activity_store_created_idx").on(t.storeId, t.createdAt),
    index("activity_store_type_created_idx").on(t.storeId, t.type, t.createdAt),
    index("activity_search_trgm_idx")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);
