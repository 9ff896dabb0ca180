-- Decision 0040: a product sold below the regular price typed beside it was a reduction without
-- the type and the dates член 15-а asks for. Each store's such products become one promotion
-- ("акциска продажба", from the day of this migration for 30 days, each product at its old selling
-- price as a custom price); the product's price becomes its regular price, written in the price
-- history. The public price is the same before and after; the owner can edit or end the promotion.
CREATE TEMP TABLE "legacy_promotion" AS
  SELECT "store_id", gen_random_uuid() AS "promotion_id"
  FROM (SELECT DISTINCT "store_id" FROM "product" WHERE "regular_price_cents" > "price_cents") AS "stores";--> statement-breakpoint
INSERT INTO "promotion" ("id", "store_id", "name", "type", "discount_type", "discount_value", "starts_on", "ends_on")
  SELECT "promotion_id", "store_id", 'Попуст', 'sales_action', 'percentage', 100,
    (now() AT TIME ZONE 'Europe/Skopje')::date, (now() AT TIME ZONE 'Europe/Skopje')::date + 29
  FROM "legacy_promotion";--> statement-breakpoint
INSERT INTO "promotion_product" ("store_id", "promotion_id", "product_id", "custom_price_cents", "starts_on", "ends_on")
  SELECT p."store_id", l."promotion_id", p."id", p."price_cents", current_date, current_date
  FROM "product" p JOIN "legacy_promotion" l ON l."store_id" = p."store_id"
  WHERE p."regular_price_cents" > p."price_cents";--> statement-breakpoint
INSERT INTO "price_history" ("store_id", "product_id", "old_price_cents", "new_price_cents", "source")
  SELECT "store_id", "id", "price_cents", "regular_price_cents", 'promotion'
  FROM "product" WHERE "regular_price_cents" > "price_cents";--> statement-breakpoint
UPDATE "product" SET "price_cents" = "regular_price_cents", "regular_price_cents" = NULL, "updated_at" = now()
  WHERE "regular_price_cents" > "price_cents";--> statement-breakpoint
DROP TABLE "legacy_promotion";
