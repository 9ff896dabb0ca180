ALTER TABLE "library_image" ADD COLUMN "category_latin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "library_image" ADD COLUMN "category_latin_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "library_image_category_latin_idx" ON "library_image" USING btree ("category_latin_key","category_key");