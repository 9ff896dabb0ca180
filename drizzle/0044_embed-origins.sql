-- Decision 0136: the origins a store's owner lets frame its embeddable price list. The embed page reads
-- them through the public pages' role, so grant_public_role() (last written in 0043) names the column;
-- the owner sets them behind the tenancy wall, so grant_tenant_role() (last written in 0041) lets the
-- tenant role update it.
ALTER TABLE "store" ADD COLUMN "embed_origins" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION grant_public_role() RETURNS void LANGUAGE plpgsql AS $$
DECLARE readable text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'vitrina_public') THEN
    CREATE ROLE vitrina_public NOLOGIN;
  END IF;
  EXECUTE format('GRANT vitrina_public TO %I', current_user);
  GRANT USAGE ON SCHEMA public TO vitrina_public;
  REVOKE ALL ON ALL TABLES IN SCHEMA public FROM vitrina_public;
  FOREACH readable IN ARRAY ARRAY['username_redirect', 'category', 'product', 'price_confirmation',
    'price_snapshot', 'price_history', 'promotion', 'promotion_product', 'post', 'point_of_sale',
    'point_of_sale_product', 'point_of_sale_snapshot', 'promotion_point_of_sale', 'store_image', 'library_image',
    'price_seal']
  LOOP
    EXECUTE format('GRANT SELECT ON %I TO vitrina_public', readable);
  END LOOP;
  -- The store row without its private phone: public_phone is the phone when it is public.
  GRANT SELECT (id, owner_id, username, name, public_phone, phone_public, company_name, active, created_at,
    updated_at, address, logo_key, hours, onboarding_step, trial_ends_at, weekends_count, version,
    version_changed_at, albanian_content, embed_origins) ON store TO vitrina_public;
  PERFORM lock_tenant_scope();
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'role vitrina_public not created here (no CREATEROLE): see docs/operations.md';
END $$;
--> statement-breakpoint
SELECT grant_public_role();
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
    onboarding_step, trial_ends_at, weekends_count, version, version_changed_at, albanian_content, tax_number,
    embed_origins)
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
