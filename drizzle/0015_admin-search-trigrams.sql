-- Issue 16 (decision 0044 addendum): the admin searches find a part of a name, username, company or
-- e-mail address with ILIKE '%…%'. Trigram indexes let PostgreSQL answer those from an index
-- instead of reading every row (checked with EXPLAIN in admin-search-indexes.server.test.ts).
CREATE INDEX IF NOT EXISTS "store_name_trgm_idx" ON "store" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "store_username_trgm_idx" ON "store" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "store_company_name_trgm_idx" ON "store" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_name_trgm_idx" ON "user" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_email_trgm_idx" ON "audit_log" USING gin ("email" gin_trgm_ops);
