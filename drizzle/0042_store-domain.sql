CREATE TABLE "store_domain" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_domain" ADD CONSTRAINT "store_domain_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_domain_verified_idx" ON "store_domain" USING btree ("domain") WHERE verified_at is not null;--> statement-breakpoint
CREATE INDEX "store_domain_domain_idx" ON "store_domain" USING btree ("domain");--> statement-breakpoint
-- Decision 0133: whether a domain is verified is the server's finding, never the store's to write, so
-- the store's role gets no grant at all (as for seals, decision 0130); the wall applies as on every
-- store table. The public pages never read it through their role: the host directory reads it with
-- the app's own connection.
SELECT attach_tenant_wall('store_domain', 'store_id');
