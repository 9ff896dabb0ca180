-- Decision 0136: the origins a store's owner lets frame its embeddable price list. The embed page reads
-- them through the public pages' role, so grant_public_role() (last written in 0043) names the column.
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
