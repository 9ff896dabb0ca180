CREATE TABLE "post" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_id" uuid,
	"published" boolean DEFAULT false NOT NULL,
	"publish_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_title_check" CHECK (char_length("post"."title") between 1 and 255),
	CONSTRAINT "post_body_check" CHECK (char_length("post"."body") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "store_image" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"bytes" integer DEFAULT 0 NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_image_key_unique" UNIQUE("key"),
	CONSTRAINT "store_image_store_id_id_key" UNIQUE("store_id","id"),
	CONSTRAINT "store_image_key_check" CHECK ("store_image"."key" like 'stores/' || "store_image"."store_id"::text || '/' || "store_image"."kind" || '/%'),
	CONSTRAINT "store_image_bytes_check" CHECK ("store_image"."bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "post" ADD CONSTRAINT "post_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post" ADD CONSTRAINT "post_store_image_fk" FOREIGN KEY ("store_id","image_id") REFERENCES "public"."store_image"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_image" ADD CONSTRAINT "store_image_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_store_publish_idx" ON "post" USING btree ("store_id","publish_on");--> statement-breakpoint
CREATE INDEX "store_image_store_created_idx" ON "store_image" USING btree ("store_id","created_at");--> statement-breakpoint
-- Issue 18: a post's change is a change of the public page (its News section): store.version
-- moves with it and every instance drops its cached pages (decision 0016).
SELECT attach_store_version_triggers('post');
--> statement-breakpoint
-- The images stored before the ledger (decision 0059): the products' uploads and tiles, and logos.
-- Their size is unknown (0): they appear in My images and count nothing against the limit.
INSERT INTO "store_image" ("store_id", "key", "kind")
SELECT DISTINCT p."store_id", substring(p."image_url" from '(stores/[0-9a-f-]{36}/product/[0-9a-f]{24})-800\.webp$'), 'product'
FROM "product" p
WHERE substring(p."image_url" from '(stores/[0-9a-f-]{36}/product/[0-9a-f]{24})-800\.webp$') LIKE 'stores/' || p."store_id"::text || '/%'
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "store_image" ("store_id", "key", "kind")
SELECT s."id", s."logo_key", 'logo' FROM "store" s
WHERE s."logo_key" LIKE 'stores/' || s."id"::text || '/logo/%'
ON CONFLICT ("key") DO NOTHING;
