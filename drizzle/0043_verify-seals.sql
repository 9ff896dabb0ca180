-- Decision 0132. grant_public_role() (last written in 0037) revokes every table from the public
-- pages' role and grants back its list, which did not name price_seal: a restore (which calls it)
-- or any later call left the public seal addresses and /verify refused. The same function with
-- price_seal in the list, called once.
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
    version_changed_at, albanian_content) ON store TO vitrina_public;
  PERFORM lock_tenant_scope();
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'role vitrina_public not created here (no CREATEROLE): see docs/operations.md';
END $$;
--> statement-breakpoint
SELECT grant_public_role();
--> statement-breakpoint
-- /verify finds a day's seal by the SHA-256 of the file a visitor drops.
CREATE INDEX "price_seal_json_sha256_idx" ON "price_seal" USING btree (((seal::jsonb) #>> '{files,json,sha256}'));
--> statement-breakpoint
CREATE INDEX "price_seal_csv_sha256_idx" ON "price_seal" USING btree (((seal::jsonb) #>> '{files,csv,sha256}'));
