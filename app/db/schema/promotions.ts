import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { DISCOUNT_TYPES, PROMOTION_TYPES } from "../../features/promotions/promotion-constants";
import { product } from "./catalog";
import { store } from "./stores";

// Promotions that follow the law (член 15-а: type, goods, start and duration).

/**
 * A promotion runs on whole Europe/Skopje days, from startsOn 00:00 to the end of endsOn. The
 * discount value is in hundredths: 1250 is 12.5 % for a percentage, 12,50 den for a fixed amount.
 */
export const promotion = pgTable(
  "promotion",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    name: text().notNull(),
    type: text({ enum: PROMOTION_TYPES }).notNull(),
    discountType: text({ enum: DISCOUNT_TYPES }).notNull(),
    discountValue: bigint({ mode: "number" }).notNull(),
    startsOn: date({ mode: "string" }).notNull(),
    endsOn: date({ mode: "string" }).notNull(),
    active: boolean().notNull().default(true),
    /**
     * Decision 0089: a promotion that had started when the owner deleted it stays as price history
     * (its products left it at this instant); it is on no list or page of the owner's any more.
     */
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * Decision 0093: the instant a promotion that had started was deactivated. Its products left it
     * then (their days kept, as on a delete); it stays on the owner's list as inactive and cannot be
     * activated or edited again. `active` stays true so its kept days count in the record.
     */
    deactivatedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("promotion_store_starts_idx").on(t.storeId, t.startsOn),
    check("promotion_dates_check", sql`${t.endsOn} >= ${t.startsOn}`),
    // The law's bounds: value at least 1, a percentage at most 100.
    check(
      "promotion_value_check",
      sql`${t.discountValue} >= 100 and (${t.discountType} <> 'percentage' or ${t.discountValue} <= 10000)`,
    ),
  ],
);

/**
 * A product in a promotion, with an optional custom price. active, startsOn and endsOn
 * are the promotion's, copied by a trigger (migration 0008), so that one exclusion constraint can
 * say "a product is in at most one active promotion on any day" (decision 0038) for every writer at once.
 * leftOn (decision 0077): the last whole day of a product moved out of a promotion that had already
 * run for it; the row is kept as price history and the trigger ends endsOn there. Null: still in it.
 * leftAt (decision 0089): the instant it left, so the part of the day of the move it spent there stays in
 * the history too; on the promotion's first day that is all it had (endsOn is then the day before
 * startsOn, no whole day).
 * A row is one stay (decision 0104): a product taken out of a started promotion and put back later
 * has a second row from then, so the days between stay the regular price's. At most one stay of a
 * product in a promotion is current (leftOn null); readers group the stays by product.
 */
export const promotionProduct = pgTable(
  "promotion_product",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    promotionId: uuid()
      .notNull()
      .references(() => promotion.id, { onDelete: "cascade" }),
    productId: uuid()
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    customPriceCents: bigint({ mode: "number" }),
    leftOn: date({ mode: "string" }),
    leftAt: timestamp({ withTimezone: true }),
    /**
     * Decision 0098: the instant a product added to a promotion that had already started joined it;
     * its first day (startsOn) is then that instant's Skopje day. Null: from the promotion's start.
     */
    joinedAt: timestamp({ withTimezone: true }),
    active: boolean().notNull().default(true),
    startsOn: date({ mode: "string" }).notNull(),
    endsOn: date({ mode: "string" }).notNull(),
  },
  (t) => [
    uniqueIndex("promotion_product_current_idx").on(t.promotionId, t.productId).where(sql`left_on is null`),
    index("promotion_product_promotion_product_idx").on(t.promotionId, t.productId),
    index("promotion_product_store_product_idx").on(t.storeId, t.productId),
    check(
      "promotion_product_custom_price_check",
      sql`${t.customPriceCents} is null or ${t.customPriceCents} > 0`,
    ),
  ],
);
