-- pg_trgm is a trusted extension (PostgreSQL 13+); PGlite loads it in app/db/client.server.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "product_store_name_idx";--> statement-breakpoint
DROP INDEX "product_store_updated_idx";--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "name_order" text GENERATED ALWAYS AS (translate("name", 'АБВГДЃЕЖЗЅИЈКЛЉМНЊОПРСТЌУФХЦЧЏШабвгдѓежзѕијклљмнњопрстќуфхцчџшABCDEFGHIJKLMNOPQRSTUVWXYZ', 'абвгдежзийклмнопрстуфхцчшщъыьэюабвгдежзийклмнопрстуфхцчшщъыьэюabcdefghijklmnopqrstuvwxyz')) STORED;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_store_type_created_idx" ON "activity_log" USING btree ("store_id","type","created_at");--> statement-breakpoint
CREATE INDEX "activity_search_trgm_idx" ON "activity_log" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "product_store_name_order_idx" ON "product" USING btree ("store_id","name_order" collate "C","id");--> statement-breakpoint
CREATE INDEX "product_store_price_idx" ON "product" USING btree ("store_id","price_cents","id");--> statement-breakpoint
CREATE INDEX "product_store_quantity_idx" ON "product" USING btree ("store_id","quantity","id");--> statement-breakpoint
CREATE INDEX "product_search_trgm_idx" ON "product" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "product_store_updated_idx" ON "product" USING btree ("store_id","updated_at","id");