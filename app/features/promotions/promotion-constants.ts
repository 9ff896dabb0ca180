// Value sets of promotions, shared by the tables, the forms and the pages (isomorphic).

/**
 * The sales-incentive types the law names (член 15-а and its Rulebook): распродажба, акциска
 * продажба, промотивна продажба, сезонско намалување, goods with defects, goods near expiry.
 */
export const PROMOTION_TYPES = [
  "clearance",
  "sales_action",
  "promotional_sale",
  "seasonal",
  "defective_goods",
  "near_expiry",
] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** A percentage off, or a fixed amount off (in denars). */
export const DISCOUNT_TYPES = ["percentage", "fixed"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/**
 * The dashboard's states of a promotion on a given Skopje day. "empty" is a
 * running or scheduled one whose products were all moved to other promotions (decision 0066).
 */
export const PROMOTION_STATES = ["scheduled", "active", "ended", "inactive", "empty"] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

/** The prior price is the lowest price in effect during this many days before the start (Omnibus). */
export const PRIOR_PRICE_DAYS = 30;
