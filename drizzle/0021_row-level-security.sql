-- Issue 20, decision 0083: the second tenancy wall. Every table with a store_id (and the store
-- table by its id) admits, for a role that is not its owner, only the rows of the store named by
-- the transaction's setting vitrina.store_id; no setting, no rows. The app's own connection owns
-- the tables and is not bound by it; statements run as vitrina_tenant are.
CREATE OR REPLACE FUNCTION attach_tenant_wall(target regclass, key text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('DROP POLICY IF EXISTS tenant_wall ON %s', target);
  EXECUTE format(
    'CREATE POLICY tenant_wall ON %s USING (%I = nullif(current_setting(''vitrina.store_id'', true), '''')::uuid) WITH CHECK (%I = nullif(current_setting(''vitrina.store_id'', true), '''')::uuid)',
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
-- The role the scoped statements run as, and its grants. Roles belong to the server, not the
-- database: created once. A connection without CREATEROLE skips this; the operator creates it
-- (docs/operations.md). A restore (pg_restore --no-privileges) calls it again.
CREATE OR REPLACE FUNCTION grant_tenant_role() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'vitrina_tenant') THEN
    CREATE ROLE vitrina_tenant NOLOGIN;
  END IF;
  EXECUTE format('GRANT vitrina_tenant TO %I', current_user);
  GRANT USAGE ON SCHEMA public TO vitrina_tenant;
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO vitrina_tenant;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO vitrina_tenant;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO vitrina_tenant;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO vitrina_tenant;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'role vitrina_tenant not created here (no CREATEROLE): see docs/operations.md';
END $$;
--> statement-breakpoint
SELECT grant_tenant_role();
