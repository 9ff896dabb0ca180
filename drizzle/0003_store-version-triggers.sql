-- Issue 6, decision 0016: store.version moves in the same transaction as any change to what the
-- public page shows, whoever makes the change (a form, an import, the API, a job or psql), and
-- every app instance hears about it through NOTIFY to drop its rendered-page cache.
CREATE OR REPLACE FUNCTION bump_store_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "store" SET "version" = "version" + 1 WHERE "id" IN (SELECT DISTINCT "store_id" FROM changed_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Attach to any store-owned table (one with store_id): SELECT attach_store_version_triggers('t');
CREATE OR REPLACE FUNCTION attach_store_version_triggers(target regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_store_version()', 'store_version_ins', target);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %s REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_store_version()', 'store_version_upd', target);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_store_version()', 'store_version_del', target);
END $$;
--> statement-breakpoint
SELECT attach_store_version_triggers('product');
--> statement-breakpoint
SELECT attach_store_version_triggers('category');
--> statement-breakpoint
SELECT attach_store_version_triggers('price_confirmation');
--> statement-breakpoint
-- A change to the store row itself (name, phone, active, …) is a new version too.
CREATE OR REPLACE FUNCTION store_version_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."version" = OLD."version" THEN NEW."version" := OLD."version" + 1; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER store_version_self BEFORE UPDATE ON "store" FOR EACH ROW EXECUTE FUNCTION store_version_on_update();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION store_version_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('store_version', NEW."id"::text || ':' || NEW."version"::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER store_version_notify AFTER UPDATE ON "store" FOR EACH ROW EXECUTE FUNCTION store_version_notify();
