CREATE TABLE "promotion" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"discount_type" text NOT NULL,
	"discount_value" bigint NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_dates_check" CHECK ("promotion"."ends_on" >= "promotion"."starts_on"),
	CONSTRAINT "promotion_value_check" CHECK ("promotion"."discount_value" >= 100 and ("promotion"."discount_type" <> 'percentage' or "promotion"."discount_value" <= 10000))
);
--> statement-breakpoint
CREATE TABLE "promotion_product" (
	"store_id" uuid NOT NULL,
	"promotion_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"custom_price_cents" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	CONSTRAINT "promotion_product_promotion_id_product_id_pk" PRIMARY KEY("promotion_id","product_id"),
	CONSTRAINT "promotion_product_custom_price_check" CHECK ("promotion_product"."custom_price_cents" is null or "promotion_product"."custom_price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "promotions_forbidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_product" ADD CONSTRAINT "promotion_product_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_product" ADD CONSTRAINT "promotion_product_promotion_id_promotion_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_product" ADD CONSTRAINT "promotion_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_store_starts_idx" ON "promotion" USING btree ("store_id","starts_on");--> statement-breakpoint
CREATE INDEX "promotion_product_store_product_idx" ON "promotion_product" USING btree ("store_id","product_id");--> statement-breakpoint
-- Issue 15, decision 0038: a product is in at most one active promotion on any day (spec §4),
-- enforced by the database so that two concurrent requests cannot both win. btree_gist gives
-- GiST the equality on uuid; it is a trusted extension on PostgreSQL 13+, PGlite loads it in
-- app/db/client.server.ts.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "promotion_product" ADD CONSTRAINT "promotion_product_one_active_excl"
  EXCLUDE USING gist ("product_id" WITH =, daterange("starts_on", "ends_on", '[]') WITH &&) WHERE ("active");--> statement-breakpoint
-- An assignment takes its promotion's store, flag and days, whoever inserts it; a product of
-- another store is refused (tenancy in the database, not only in the service).
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
  NEW."ends_on" := p."ends_on";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER promotion_product_copy BEFORE INSERT OR UPDATE ON "promotion_product" FOR EACH ROW EXECUTE FUNCTION promotion_product_copy();--> statement-breakpoint
CREATE OR REPLACE FUNCTION promotion_propagate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."active" IS DISTINCT FROM OLD."active" OR NEW."starts_on" <> OLD."starts_on" OR NEW."ends_on" <> OLD."ends_on" THEN
    UPDATE "promotion_product" SET "active" = NEW."active", "starts_on" = NEW."starts_on", "ends_on" = NEW."ends_on"
      WHERE "promotion_id" = NEW."id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER promotion_propagate AFTER UPDATE ON "promotion" FOR EACH ROW EXECUTE FUNCTION promotion_propagate();--> statement-breakpoint
-- What the public page shows changes with a promotion (decision 0016).
SELECT attach_store_version_triggers('promotion');--> statement-breakpoint
SELECT attach_store_version_triggers('promotion_product');
