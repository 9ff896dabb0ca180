CREATE TABLE "point_of_sale" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"address" jsonb,
	"phone" text,
	"hours" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_of_sale_store_slug_key" UNIQUE("store_id","slug"),
	CONSTRAINT "point_of_sale_store_id_key" UNIQUE("store_id","id")
);
--> statement-breakpoint
CREATE TABLE "point_of_sale_product" (
	"store_id" uuid NOT NULL,
	"point_of_sale_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"price_cents" bigint,
	"availability" text,
	"excluded" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_of_sale_product_point_of_sale_id_product_id_pk" PRIMARY KEY("point_of_sale_id","product_id"),
	CONSTRAINT "point_of_sale_product_price_check" CHECK ("point_of_sale_product"."price_cents" is null or "point_of_sale_product"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "point_of_sale_snapshot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"point_of_sale_id" uuid NOT NULL,
	"day" date NOT NULL,
	"json" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_point_of_sale" (
	"store_id" uuid NOT NULL,
	"promotion_id" uuid NOT NULL,
	"point_of_sale_id" uuid NOT NULL,
	CONSTRAINT "promotion_point_of_sale_promotion_id_point_of_sale_id_pk" PRIMARY KEY("promotion_id","point_of_sale_id")
);
--> statement-breakpoint
ALTER TABLE "point_of_sale" ADD CONSTRAINT "point_of_sale_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_of_sale_product" ADD CONSTRAINT "point_of_sale_product_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_of_sale_product" ADD CONSTRAINT "point_of_sale_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_of_sale_product" ADD CONSTRAINT "point_of_sale_product_point_fk" FOREIGN KEY ("store_id","point_of_sale_id") REFERENCES "public"."point_of_sale"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_of_sale_snapshot" ADD CONSTRAINT "point_of_sale_snapshot_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_of_sale_snapshot" ADD CONSTRAINT "point_of_sale_snapshot_point_fk" FOREIGN KEY ("store_id","point_of_sale_id") REFERENCES "public"."point_of_sale"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_point_of_sale" ADD CONSTRAINT "promotion_point_of_sale_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_point_of_sale" ADD CONSTRAINT "promotion_point_of_sale_promotion_id_promotion_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_point_of_sale" ADD CONSTRAINT "promotion_point_of_sale_point_fk" FOREIGN KEY ("store_id","point_of_sale_id") REFERENCES "public"."point_of_sale"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_of_sale_store_position_idx" ON "point_of_sale" USING btree ("store_id","position");--> statement-breakpoint
CREATE INDEX "point_of_sale_product_store_product_idx" ON "point_of_sale_product" USING btree ("store_id","product_id");--> statement-breakpoint
CREATE INDEX "point_of_sale_snapshot_point_day_idx" ON "point_of_sale_snapshot" USING btree ("store_id","point_of_sale_id","day","created_at");--> statement-breakpoint
CREATE INDEX "point_of_sale_snapshot_day_idx" ON "point_of_sale_snapshot" USING btree ("day");--> statement-breakpoint
CREATE INDEX "promotion_point_of_sale_store_idx" ON "promotion_point_of_sale" USING btree ("store_id","point_of_sale_id");--> statement-breakpoint
-- Issue 19, decision 0068: what follows is hand-written. The public list of a point of sale moves
-- with store.version like the rest of the public page (decision 0016).
-- A new point of sale is a new version, except the first, which the store's own insert creates
-- (trigger depth 2 below): a new store starts at version 1 as before.
CREATE OR REPLACE FUNCTION bump_store_version_unless_nested() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  UPDATE "store" SET "version" = "version" + 1 WHERE "id" IN (SELECT DISTINCT "store_id" FROM changed_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER store_version_ins AFTER INSERT ON "point_of_sale" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_store_version_unless_nested();
--> statement-breakpoint
CREATE TRIGGER store_version_upd AFTER UPDATE ON "point_of_sale" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_store_version();
--> statement-breakpoint
CREATE TRIGGER store_version_del AFTER DELETE ON "point_of_sale" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_store_version();
--> statement-breakpoint
SELECT attach_store_version_triggers('point_of_sale_product');
--> statement-breakpoint
SELECT attach_store_version_triggers('promotion_point_of_sale');
--> statement-breakpoint
-- The first point of sale's slug: the place's Latin name ("Štip" → "stip"), else "main".
CREATE OR REPLACE FUNCTION point_of_sale_first_slug(address jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(trim(both '-' from left(regexp_replace(
    translate(lower(coalesce(address->'place'->>'latin', '')), 'čćđšžëçŕǵќѓ', 'ccdszecrgkg'),
    '[^a-z0-9]+', '-', 'g'), 40)), ''), 'main')
$$;
--> statement-breakpoint
-- Every store has a point of sale from its first moment, whoever creates the store.
CREATE OR REPLACE FUNCTION point_of_sale_for_new_store() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "point_of_sale" ("store_id", "slug", "name", "address", "position")
  VALUES (NEW."id", point_of_sale_first_slug(NEW."address"), NEW."name", NEW."address", 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER point_of_sale_for_new_store AFTER INSERT ON "store" FOR EACH ROW EXECUTE FUNCTION point_of_sale_for_new_store();
--> statement-breakpoint
-- Onboarding's address becomes the first point of sale's, and a point of sale that still shows the
-- store's address follows it when the owner moves the store (settings → store). A store that had
-- no address yet also gives its first point of sale the place's slug (nothing was public before).
CREATE OR REPLACE FUNCTION point_of_sale_follow_store_address() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."address" IS DISTINCT FROM OLD."address" THEN
    UPDATE "point_of_sale" p SET
      "address" = NEW."address",
      "slug" = CASE WHEN OLD."address" IS NULL AND p."slug" = 'main'
        AND NOT EXISTS (SELECT 1 FROM "point_of_sale" o WHERE o."store_id" = NEW."id" AND o."slug" = point_of_sale_first_slug(NEW."address"))
        THEN point_of_sale_first_slug(NEW."address") ELSE p."slug" END,
      "updated_at" = now()
    WHERE p."store_id" = NEW."id" AND p."address" IS NOT DISTINCT FROM OLD."address";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER point_of_sale_follow_store_address AFTER UPDATE OF "address" ON "store" FOR EACH ROW EXECUTE FUNCTION point_of_sale_follow_store_address();
--> statement-breakpoint
-- A store keeps at least one point of sale, also under concurrent deletes: the store row is locked
-- first, so a second delete waits, then counts what the first left (each statement of a plpgsql
-- function sees the newest committed rows). Deleting the store itself (cascade) passes: its row
-- is gone by then.
CREATE OR REPLACE FUNCTION point_of_sale_keep_one() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "store" WHERE "id" = OLD."store_id" FOR UPDATE;
  IF FOUND AND NOT EXISTS (
    SELECT 1 FROM "point_of_sale" WHERE "store_id" = OLD."store_id" AND "id" <> OLD."id"
  ) THEN
    RAISE EXCEPTION 'a store keeps at least one point of sale' USING ERRCODE = 'P0001', CONSTRAINT = 'point_of_sale_keep_one';
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER point_of_sale_keep_one BEFORE DELETE ON "point_of_sale" FOR EACH ROW EXECUTE FUNCTION point_of_sale_keep_one();
--> statement-breakpoint
-- Every existing store gets its point of sale from its current address (issue 19).
INSERT INTO "point_of_sale" ("store_id", "slug", "name", "address", "position")
SELECT s."id", point_of_sale_first_slug(s."address"), s."name", s."address", 0 FROM "store" s
WHERE NOT EXISTS (SELECT 1 FROM "point_of_sale" p WHERE p."store_id" = s."id");
