-- pg_trgm backs the catalogue and activity search indexes (decision 0015). It is a trusted
-- extension on PostgreSQL 13+; PGlite loads it in app/db/client.server.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
