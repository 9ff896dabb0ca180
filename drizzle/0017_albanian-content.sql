ALTER TABLE "product" ADD COLUMN "name_sq" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "description_sq" text;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "albanian_content" boolean DEFAULT false NOT NULL;