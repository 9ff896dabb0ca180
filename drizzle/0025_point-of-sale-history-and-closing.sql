ALTER TABLE "price_history" ADD COLUMN "point_of_sale_id" uuid;--> statement-breakpoint
ALTER TABLE "price_history" ADD COLUMN "availability" text;--> statement-breakpoint
ALTER TABLE "price_history" ADD COLUMN "excluded" boolean;--> statement-breakpoint
ALTER TABLE "point_of_sale" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_point_of_sale_fk" FOREIGN KEY ("store_id","point_of_sale_id") REFERENCES "public"."point_of_sale"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_point_of_sale_idx" ON "price_history" USING btree ("store_id","point_of_sale_id") WHERE "price_history"."point_of_sale_id" is not null;