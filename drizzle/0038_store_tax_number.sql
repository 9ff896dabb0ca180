ALTER TABLE "store" ADD COLUMN "tax_number" text;--> statement-breakpoint
-- The owner edits the company's tax number (ЕДБ) like the company name: the tenant role's grants,
-- which a restore applies again, now name it. The public role does not read it.
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
  -- The catalogue, promotions, points of sale, posts, images, API tokens and imports: the owner's to edit.
  FOREACH t IN ARRAY ARRAY['category', 'product', 'promotion', 'promotion_product', 'promotion_point_of_sale',
    'point_of_sale', 'point_of_sale_product', 'post', 'store_image', 'api_idempotency', 'api_token',
    'import_job', 'import_mapping', 'price_history', 'username_redirect']
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
