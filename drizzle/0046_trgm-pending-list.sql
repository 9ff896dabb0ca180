-- Decision 0157: the products' trigram index takes new rows through a small pending list (256 kB),
-- merged in sorted batches by the insert that fills it, so a large import on PostgreSQL costs less
-- without locking anyone out. ALTER, not a rebuild: the index stays as it is until its next insert.
ALTER INDEX "product_search_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 256);
