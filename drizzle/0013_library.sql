CREATE TABLE "library_image" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_latin" text DEFAULT '' NOT NULL,
	"barcode" text,
	"category" text DEFAULT '' NOT NULL,
	"category_key" text DEFAULT '' NOT NULL,
	"image_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"search_text" text NOT NULL,
	"fingerprint" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "library_image_fingerprint_idx" ON "library_image" USING btree ("fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "library_image_key_idx" ON "library_image" USING btree ("image_key");--> statement-breakpoint
CREATE INDEX "library_image_search_trgm_idx" ON "library_image" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "library_image_barcode_idx" ON "library_image" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "library_image_category_idx" ON "library_image" USING btree ("category_key","name","id");--> statement-breakpoint
CREATE INDEX "library_image_name_idx" ON "library_image" USING btree ("name","id");