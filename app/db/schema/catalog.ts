import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { byNameOrder, NAME_ORDER_EXPRESSION, NAME_ORDER_SQ_EXPRESSION } from "~/lib/name-order";
import { AVAILABILITIES, NET_UNITS, PRODUCT_STATUSES, SALE_UNITS, VAT_RATES } from "./catalog-enums";
import { store } from "./stores";

export const category = pgTable(
  "category",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    name: text().notNull(),
    // Decision 0074: the name an Albanian reader sees when the store enables Albanian content; else `name`.
    nameSq: text(),
    position: integer().notNull().default(0),
    // A government ban on promotions of some goods (e.g. food) switches them off here.
    promotionsForbidden: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("category_store_name_idx").on(t.storeId, sql`lower(${t.name})`)],
);

// Money is integer hundredths of a denar, VAT included (PRODUCT.md: no floating point on a price path).
export const product = pgTable(
  "product",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    categoryId: uuid().references(() => category.id, { onDelete: "set null" }),
    name: text().notNull(),
    description: text(),
    // Decision 0074: the Albanian name and description, used when the store enables Albanian content.
    nameSq: text(),
    descriptionSq: text(),
    priceCents: bigint({ mode: "number" }).notNull(),
    regularPriceCents: bigint({ mode: "number" }),
    vatRate: text({ enum: VAT_RATES }).notNull().default("18"),
    unit: text({ enum: SALE_UNITS }).notNull().default("piece"),
    netQuantityMilli: bigint({ mode: "number" }),
    netUnit: text({ enum: NET_UNITS }),
    quantity: integer().notNull().default(0),
    availability: text({ enum: AVAILABILITIES }).notNull().default("in_stock"),
    barcode: text(),
    // The product's id in the shop's POS or ERP program, which the REST API matches on.
    externalId: text(),
    imageUrl: text(),
    status: text({ enum: PRODUCT_STATUSES }).notNull().default("active"),
    // Lower-case Latin skeleton of name, description and barcode, so "леб" and "leb" meet.
    searchText: text().notNull().default(""),
    // The name's key in alphabet order (app/lib/name-order.ts, decision 0023), kept by the database.
    nameOrder: text().generatedAlwaysAs(NAME_ORDER_EXPRESSION),
    // Decision 0074: the same key over the name an Albanian reader sees (name_sq, else name).
    nameOrderSq: text().generatedAlwaysAs(NAME_ORDER_SQ_EXPRESSION),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Each sort of the products page has an index ending in id, the tiebreak of its ORDER BY, so a
  // page is read in index order without a sort (docs/performance.md).
  (t) => [
    index("product_store_name_order_idx").on(t.storeId, byNameOrder(t.nameOrder), t.id),
    index("product_store_name_order_sq_idx").on(t.storeId, byNameOrder(t.nameOrderSq), t.id),
    index("product_store_category_idx").on(t.storeId, t.categoryId),
    index("product_store_updated_idx").on(t.storeId, t.updatedAt, t.id),
    index("product_store_price_idx").on(t.storeId, t.priceCents, t.id),
    index("product_store_quantity_idx").on(t.storeId, t.quantity, t.id),
    // Decision 0071: the REST API finds products by barcode and by external id (unique in a store).
    index("product_store_barcode_idx").on(t.storeId, t.barcode),
    uniqueIndex("product_store_external_id_idx")
      .on(t.storeId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    // Substring search on the transliterated skeleton (decision 0005): pg_trgm (extension created by
    // migration 0001_extensions, index by 0002_features) on PGlite and PostgreSQL alike. Decision
    // 0157: new rows go through a pending list of at most 256 kB, which the insert that fills it
    // merges in one sorted batch: a large import costs a third less on PostgreSQL and locks nobody
    // out. The default list (4 MB, flushed by vacuum, which PGlite never runs by itself) made the
    // planner fall back to a sequential scan; 256 kB keeps searches on the index.
    index("product_search_trgm_idx")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: true, gin_pending_list_limit: 256 }),
  ],
);
