ALTER TABLE "promotion_product" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
-- Issue 15, decision 0098: an assignment's own first instant. A product added to a promotion that
-- has already started is in it from then (joined_at; its first day the Skopje day of it), not from
-- the promotion's first day; null is "from the promotion's start" (every earlier row). The
-- trigger of migrations 0008/0018 keeps that first day when it copies the promotion's days.
CREATE OR REPLACE FUNCTION promotion_product_copy() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE p record;
BEGIN
  SELECT "store_id", "active", "starts_on", "ends_on" INTO p FROM "promotion" WHERE "id" = NEW."promotion_id";
  IF NOT EXISTS (SELECT 1 FROM "product" WHERE "id" = NEW."product_id" AND "store_id" = p."store_id") THEN
    RAISE EXCEPTION 'product % is not in the promotion''s store', NEW."product_id" USING ERRCODE = 'foreign_key_violation';
  END IF;
  NEW."store_id" := p."store_id";
  NEW."active" := p."active";
  NEW."starts_on" := greatest(p."starts_on", (NEW."joined_at" AT TIME ZONE 'Europe/Skopje')::date);
  NEW."ends_on" := least(p."ends_on", coalesce(NEW."left_on", p."ends_on"));
  RETURN NEW;
END $$;
