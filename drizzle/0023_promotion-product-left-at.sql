ALTER TABLE "promotion_product" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
-- Issue 15: a product moved out of a promotion on the promotion's first day keeps its row (it was
-- on the public page in that promotion until the move, left_at): its days end the day before they
-- start, no whole day. Such a row takes no day in the one-active-promotion rule, so the exclusion
-- constraint of migration 0008 reads the days as the half-open range [starts_on, ends_on + 1),
-- empty for it and the same as before for every other row.
ALTER TABLE "promotion_product" DROP CONSTRAINT "promotion_product_days_check";--> statement-breakpoint
ALTER TABLE "promotion_product" ADD CONSTRAINT "promotion_product_days_check" CHECK ("ends_on" >= "starts_on" - 1);--> statement-breakpoint
ALTER TABLE "promotion_product" DROP CONSTRAINT "promotion_product_one_active_excl";--> statement-breakpoint
ALTER TABLE "promotion_product" ADD CONSTRAINT "promotion_product_one_active_excl"
  EXCLUDE USING gist ("product_id" WITH =, daterange("starts_on", "ends_on" + 1, '[)') WITH &&) WHERE ("active");
