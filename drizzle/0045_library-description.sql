-- The operator's description of a library entry, offered to an owner whose product with the same barcode
-- has none (the needs-attention grid). Nullable: entries imported before have none.
ALTER TABLE "library_image" ADD COLUMN "description" text;