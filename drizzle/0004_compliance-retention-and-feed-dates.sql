ALTER TABLE "store" ADD COLUMN "version_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "price_snapshot_day_idx" ON "price_snapshot" USING btree ("day");--> statement-breakpoint
-- Issue 6: the feeds' Last-Modified is the last time the version moved (decision 0008), so it never
-- goes back when the newest product is deleted or a category is renamed. now() is the change's
-- transaction time. Replaces the function of 0003 with the same version rule.
CREATE OR REPLACE FUNCTION store_version_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."version" = OLD."version" THEN NEW."version" := OLD."version" + 1; END IF;
  NEW."version_changed_at" := now();
  RETURN NEW;
END $$;
