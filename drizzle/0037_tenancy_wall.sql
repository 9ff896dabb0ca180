ALTER TABLE "store" ADD COLUMN "public_phone" text GENERATED ALWAYS AS (case when phone_public then phone end) STORED;--> statement-breakpoint
-- Decision 0120: the database's tenancy wall made as narrow as docs/operations.md says it is.
--
-- 1. The store a tenant statement acts for comes from a setting the tenant role cannot forge. The
-- app's own connection (the tables' owner) writes vitrina.store_id = '<store id>.<mac>' before it
-- takes the role; the mac is keyed by a secret in tenant_scope_key (no role but the owner reads it)
-- and bound to this connection and this transaction. tenant_store_id() (SECURITY DEFINER) answers
-- the store id only when the mac is right, so a store id set by the role itself answers NULL: no rows.
CREATE TABLE IF NOT EXISTS tenant_scope_key (key text NOT NULL);
--> statement-breakpoint
ALTER TABLE tenant_scope_key ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO tenant_scope_key (key)
  SELECT gen_random_uuid()::text || gen_random_uuid()::text WHERE NOT EXISTS (SELECT 1 FROM tenant_scope_key);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenant_scope_mac(store uuid) RETURNS text LANGUAGE sql STABLE
SET search_path = pg_catalog, pg_temp AS $$
  SELECT encode(sha256(convert_to(k.key || '|' || store::text || '|' || pg_backend_pid()::text || '|'
    || (extract(epoch FROM transaction_timestamp()) * 1000000)::bigint::text || '|' || k.key, 'UTF8')), 'hex')
  FROM public.tenant_scope_key k LIMIT 1
$$;
--> statement-breakpoint
-- What the owner's connection sets before SET LOCAL ROLE vitrina_tenant (app/db/scoped-client.server.ts).
CREATE OR REPLACE FUNCTION tenant_scope(store uuid) RETURNS text LANGUAGE sql STABLE
SET search_path = pg_catalog, pg_temp AS $$
  SELECT store::text || '.' || public.tenant_scope_mac(store)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenant_store_id() RETURNS uuid LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  scope text := current_setting('vitrina.store_id', true);
  store uuid;
BEGIN
  IF scope IS NULL OR scope !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[0-9a-f]{64}$' THEN
    RETURN NULL;
  END IF;
  store := split_part(scope, '.', 1)::uuid;
  IF split_part(scope, '.', 2) = public.tenant_scope_mac(store) THEN
    RETURN store;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- 2. Every store-owned table's policy reads the store from tenant_store_id(), once per statement
-- (the scalar subquery is an InitPlan), and binds the tenant role only.
CREATE OR REPLACE FUNCTION attach_tenant_wall(target regclass, key text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('DROP POLICY IF EXISTS tenant_wall ON %s', target);
  EXECUTE format(
    'CREATE POLICY tenant_wall ON %s USING (current_user = ''vitrina_tenant'' AND %I = (SELECT tenant_store_id())) WITH CHECK (current_user = ''vitrina_tenant'' AND %I = (SELECT tenant_store_id()))',
    target, key, key);
END $$;
--> statement-breakpoint
DO $$
DECLARE owned record;
BEGIN
  FOR owned IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'store_id' AND t.table_type = 'BASE TABLE'
  LOOP
    PERFORM attach_tenant_wall(format('%I', owned.table_name)::regclass, 'store_id');
  END LOOP;
  PERFORM attach_tenant_wall('store', 'id');
END $$;
--> statement-breakpoint
-- 3. Row security on every table, so a table with no policy for a role shows that role nothing
-- even if it is ever granted by mistake. The owner is not bound (not FORCEd).
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT c.oid::regclass AS name FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
  LOOP
    EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', t.name);
  END LOOP;
END $$;
--> statement-breakpoint
-- The owner's own account row, for the tenant role: read, and the onboarding flag written.
DROP POLICY IF EXISTS tenant_owner ON "user";
--> statement-breakpoint
CREATE POLICY tenant_owner ON "user" FOR SELECT
  USING (current_user = 'vitrina_tenant' AND id = (SELECT s.owner_id FROM store s WHERE s.id = (SELECT tenant_store_id())));
--> statement-breakpoint
DROP POLICY IF EXISTS tenant_owner_update ON "user";
--> statement-breakpoint
CREATE POLICY tenant_owner_update ON "user" FOR UPDATE
  USING (current_user = 'vitrina_tenant' AND id = (SELECT s.owner_id FROM store s WHERE s.id = (SELECT tenant_store_id())))
  WITH CHECK (current_user = 'vitrina_tenant' AND id = (SELECT s.owner_id FROM store s WHERE s.id = (SELECT tenant_store_id())));
--> statement-breakpoint
-- The audit log is append-only: the tenant role may add an entry about its own store's owner only.
DROP POLICY IF EXISTS tenant_append ON audit_log;
--> statement-breakpoint
CREATE POLICY tenant_append ON audit_log FOR INSERT
  WITH CHECK (current_user = 'vitrina_tenant'
    AND user_id = (SELECT s.owner_id FROM store s WHERE s.id = (SELECT tenant_store_id())));
--> statement-breakpoint
-- The shared image library is no store's: every signed-in owner and every public page reads it.
DROP POLICY IF EXISTS library_read ON library_image;
--> statement-breakpoint
CREATE POLICY library_read ON library_image FOR SELECT
  USING (current_user IN ('vitrina_tenant', 'vitrina_public'));
--> statement-breakpoint
-- An owner starts and replaces payments; only the payment notification and an admin (the owner
-- connection) record one as paid or refunded.
DROP POLICY IF EXISTS tenant_events ON payment_transaction;
--> statement-breakpoint
CREATE POLICY tenant_events ON payment_transaction AS RESTRICTIVE FOR INSERT
  WITH CHECK (current_user <> 'vitrina_tenant' OR kind IN ('created', 'cancelled'));
--> statement-breakpoint
-- The trial's end is set once, when onboarding finishes; the tenant role cannot move it later.
CREATE OR REPLACE FUNCTION store_trial_set_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.trial_ends_at IS NOT NULL AND NEW.trial_ends_at IS DISTINCT FROM OLD.trial_ends_at THEN
    RAISE EXCEPTION 'the trial''s end is not the store''s to change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS store_trial_set_once ON store;
--> statement-breakpoint
CREATE TRIGGER store_trial_set_once BEFORE UPDATE OF trial_ends_at ON store
  FOR EACH ROW WHEN (current_user = 'vitrina_tenant') EXECUTE FUNCTION store_trial_set_once();
--> statement-breakpoint
-- 4. The public role: only what a public page shows. Products that are active, posts that are
-- published; the store's phone only through public_phone (null when the owner keeps it private).
DO $$
DECLARE child text;
BEGIN
  PERFORM attach_public_read('product',
    'status = ''active'' AND store_id IN (SELECT s.id FROM store s WHERE s.active AND s.onboarding_step IS NULL)');
  PERFORM attach_public_read('post',
    'published AND store_id IN (SELECT s.id FROM store s WHERE s.active AND s.onboarding_step IS NULL)');
  -- A product's rows elsewhere follow the product: the subquery sees active products only.
  FOREACH child IN ARRAY ARRAY['point_of_sale_product', 'promotion_product', 'price_history']
  LOOP
    PERFORM attach_public_read(format('%I', child)::regclass,
      'product_id IN (SELECT p.id FROM product p)');
  END LOOP;
END $$;
--> statement-breakpoint
-- 5. Grants: each role gets what its paths use, and nothing else. Kept in these functions, which
-- `npm run restore` calls again after a restore without privileges.
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
    onboarding_step, trial_ends_at, weekends_count, version, version_changed_at, albanian_content)
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
    'point_of_sale_product', 'point_of_sale_snapshot', 'promotion_point_of_sale', 'store_image', 'library_image']
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
-- Who may call what. Only the owner signs a scope; the roles may check one. And, where this
-- connection may (a superuser), set_config is taken from PUBLIC: otherwise a statement run as
-- either role could call set_config('role', …) and leave its role (decision 0120 names the limit).
CREATE OR REPLACE FUNCTION lock_tenant_scope() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  REVOKE ALL ON FUNCTION tenant_scope_mac(uuid), tenant_scope(uuid) FROM PUBLIC;
  REVOKE ALL ON FUNCTION grant_tenant_role(), grant_public_role(), lock_tenant_scope() FROM PUBLIC;
  GRANT EXECUTE ON FUNCTION tenant_store_id() TO PUBLIC;
  REVOKE ALL ON tenant_scope_key FROM PUBLIC;
  BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) TO %I', current_user);
    REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC;
  EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'set_config stays callable by every role here (not a superuser): see docs/operations.md';
  END;
END $$;
--> statement-breakpoint
SELECT grant_tenant_role();
--> statement-breakpoint
SELECT grant_public_role();
