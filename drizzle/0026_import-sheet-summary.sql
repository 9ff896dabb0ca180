ALTER TABLE "import_job" ADD COLUMN "sheet_encoding" text;--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "sheet_delimiter" text;--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "sample_rows" jsonb;