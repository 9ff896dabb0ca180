ALTER TABLE "promotion_product" ADD COLUMN "left_on" date;--> statement-breakpoint
-- Issue 15, decision 0077: a product moved out of a promotion that had already run for it keeps
-- its assignment up to left_on (its last day there), so the prior price of a later promotion still
-- sees those days. The trigger ends the assignment's days there; the exclusion constraint of
-- migration 0008 is unchanged and holds on the shortened days.
CREATE OR REPLACE FUNCTION promotion_product_copy() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE p record;
BEGIN
  SELECT "store_id", "active", "starts_on", "ends_on" INTO p FROM "promotion" WHERE "id" = NEW."promotion_id";
  IF NOT EXISTS (SELECT 1 FROM "product" WHERE "id" = NEW."product_id" AND "store_id" = p."store_id") THEN
    RAISE EXCEPTION 'product % is not in the promotion''s store', NEW."product_id" USING ERRCODE = 'foreign_key_violation';
  END IF;
  NEW."store_id" := p."store_id";
  NEW."active" := p."active";
  NEW."starts_on" := p."starts_on";
  NEW."ends_on" := least(p."ends_on", coalesce(NEW."left_on", p."ends_on"));
  RETURN NEW;
END $$;--> statement-breakpoint
ALTER TABLE "promotion_product" ADD CONSTRAINT "promotion_product_days_check" CHECK ("ends_on" >= "starts_on");
