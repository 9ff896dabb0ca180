-- Issue 20 "Load", decision 0108: /{username}/prices lists the store's archived days and is held in
-- memory per store version like the feeds; the day-end archive of a store that did not confirm that
-- day adds a day to that list, so a new snapshot moves the store's version (decision 0016) like any
-- other change a public page shows. Inserts only: the retention job's deletions drop days 430 days
-- old, far below the 14 the page lists.
CREATE TRIGGER store_version_ins AFTER INSERT ON "price_snapshot" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_store_version();
