CREATE TABLE "price_seal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"point_of_sale_id" uuid,
	"day" date NOT NULL,
	"seal" text NOT NULL,
	"digest" text NOT NULL,
	"json" bytea NOT NULL,
	"csv" bytea NOT NULL,
	"snapshot_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_seal" ADD CONSTRAINT "price_seal_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_seal" ADD CONSTRAINT "price_seal_point_fk" FOREIGN KEY ("store_id","point_of_sale_id") REFERENCES "public"."point_of_sale"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_seal_store_day_idx" ON "price_seal" USING btree ("store_id","day") WHERE point_of_sale_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "price_seal_point_day_idx" ON "price_seal" USING btree ("store_id","point_of_sale_id","day") WHERE point_of_sale_id is not null;--> statement-breakpoint
CREATE INDEX "price_seal_day_idx" ON "price_seal" USING btree ("day");--> statement-breakpoint
-- Decision 0130: seals are public records, written only by the app's own connection (the sealing
-- job). The store's role gets no grant at all (a store cannot forge or rewrite its seals); the wall
-- applies as on every store table. The public pages' role reads the seals of public stores.
SELECT attach_tenant_wall('price_seal', 'store_id');
--> statement-breakpoint
SELECT attach_public_read('price_seal',
  'store_id IN (SELECT s.id FROM store s WHERE s.active AND s.onboarding_step IS NULL)');
--> statement-breakpoint
DO $$
BEGIN
  GRANT SELECT ON price_seal TO vitrina_public;
EXCEPTION WHEN undefined_object OR insufficient_privilege THEN
  RAISE NOTICE 'role vitrina_public not here: see docs/operations.md';
END $$;
