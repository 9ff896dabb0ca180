-- Issue 20, decision 0083 part 2: the public pages' role. Visitors' pages, feeds and PDFs read as
-- vitrina_public: SELECT only, only on the tables a public page shows, and only the rows of stores
-- the public may see (finished onboarding; the children of active stores only). Activity, imports,
-- API tokens, billing, reports and accounts are not granted at all. The policies name the role by
-- current_user rather than TO, so a dump restores on a server where the role does not exist yet.
CREATE OR REPLACE FUNCTION attach_public_read(target regclass, condition text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('DROP POLICY IF EXISTS public_read ON %s', target);
  EXECUTE format('CREATE POLICY public_read ON %s FOR SELECT USING (current_user = ''vitrina_public'' AND (%s))',
    target, condition);
END $$;
--> statement-breakpoint
DO $$
DECLARE child text;
BEGIN
  PERFORM attach_public_read('store', 'onboarding_step IS NULL');
  PERFORM attach_public_read('username_redirect',
    'store_id IN (SELECT s.id FROM store s WHERE s.onboarding_step IS NULL)');
  FOREACH child IN ARRAY ARRAY['category', 'product', 'price_confirmation', 'price_snapshot', 'price_history',
    'promotion', 'promotion_product', 'post', 'point_of_sale', 'point_of_sale_product',
    'point_of_sale_snapshot', 'promotion_point_of_sale', 'store_image']
  LOOP
    PERFORM attach_public_read(format('%I', child)::regclass,
      'store_id IN (SELECT s.id FROM store s WHERE s.active AND s.onboarding_step IS NULL)');
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION grant_public_role() RETURNS void LANGUAGE plpgsql AS $$
DECLARE readable text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'vitrina_public') THEN
    CREATE ROLE vitrina_public NOLOGIN;
  END IF;
  EXECUTE format('GRANT vitrina_public TO %I', current_user);
  GRANT USAGE ON SCHEMA public TO vitrina_public;
  FOREACH readable IN ARRAY ARRAY['store', 'username_redirect', 'category', 'product', 'price_confirmation',
    'price_snapshot', 'price_history', 'promotion', 'promotion_product', 'post', 'point_of_sale',
    'point_of_sale_product', 'point_of_sale_snapshot', 'promotion_point_of_sale', 'store_image', 'library_image']
  LOOP
    EXECUTE format('GRANT SELECT ON %I TO vitrina_public', readable);
  END LOOP;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'role vitrina_public not created here (no CREATEROLE): see docs/operations.md';
END $$;
--> statement-breakpoint
SELECT grant_public_role();
