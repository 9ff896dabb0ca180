CREATE TABLE "push_subscription" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscription_store_endpoint_idx" ON "push_subscription" USING btree ("store_id","endpoint");--> statement-breakpoint
CREATE INDEX "push_subscription_store_created_idx" ON "push_subscription" USING btree ("store_id","created_at");--> statement-breakpoint
-- Decision 0131: the devices a store's owner is reminded on are the store's rows, behind the tenancy
-- wall like every store table (decision 0120): the owner's context lists, adds and removes its own.
-- The reminder job reads them on the app's own connection. The public role gets nothing. The tenant
-- role's grants, which a restore applies again, now name the table.
SELECT attach_tenant_wall('push_subscription', 'store_id');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION grant_tenant_role() RETURNS void LANGUAGE plpgsql AS $$
DECLARE t text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'vitrina_tenant') THEN
    CREATE ROLE vitrina_tenant NOLOGIN;
  END IF;
  EXECUTE format('GRANT vitrina_tenant TO %I', current_user);
  GRANT USAGE ON SCHEMA public TO vitrina_tenant;
  REVOKE ALL ON ALL TABLES IN SCHEMA public FROM vitrina_tenant;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON TABLES FROM vitrina_tenant;
  -- The catalogue, promotions, points of sale, posts, images, API tokens, imports and the devices
  -- reminded (decision 0131): the owner's to edit.
  FOREACH t IN ARRAY ARRAY['category', 'product', 'promotion', 'promotion_product', 'promotion_point_of_sale',
    'point_of_sale', 'point_of_sale_product', 'post', 'store_image', 'api_idempotency', 'api_token',
    'import_job', 'import_mapping', 'price_history', 'username_redirect', 'push_subscription']
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO vitrina_tenant', t);
  END LOOP;
  -- Records: added, never rewritten (the daily answer is changed within its day).
  FOREACH t IN ARRAY ARRAY['activity_log', 'price_snapshot', 'point_of_sale_snapshot', 'custom_plan_request',
    'payment', 'payment_transaction']
  LOOP
    EXECUTE format('GRANT SELECT, INSERT ON %I TO vitrina_tenant', t);
  END LOOP;
  GRANT SELECT, INSERT, UPDATE ON price_confirmation TO vitrina_tenant;
  GRANT SELECT, UPDATE ON product_report TO vitrina_tenant;
  GRANT SELECT ON store_billing, library_image TO vitrina_tenant;
  -- The store row: not its id, owner, or whether it is active (payments and the admin decide that).
  GRANT SELECT ON store TO vitrina_tenant;
  GRANT UPDATE (username, name, phone, phone_public, company_name, updated_at, address, logo_key, hours,
    onboarding_step, trial_ends_at, weekends_count, version, version_changed_at, albanian_content, tax_number)
    ON store TO vitrina_tenant;
  -- The owner's account row (policy tenant_owner) and the audit entries about it (tenant_append).
  GRANT SELECT, UPDATE (onboarded, updated_at) ON "user" TO vitrina_tenant;
  GRANT INSERT ON audit_log TO vitrina_tenant;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO vitrina_tenant;
  PERFORM lock_tenant_scope();
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'role vitrina_tenant not created here (no CREATEROLE): see docs/operations.md';
END $$;
--> statement-breakpoint
SELECT grant_tenant_role();
