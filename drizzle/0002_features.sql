CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"user_id" text,
	"email" text,
	"method" text,
	"ip_address" text,
	"user_agent" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passkey" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"public_key" text NOT NULL,
	"user_id" text NOT NULL,
	"credential_id" text NOT NULL,
	"counter" integer NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"transports" text,
	"aaguid" text,
	"created_at" timestamp with time zone DEFAULT now(),
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_run" (
	"name" text NOT NULL,
	"run_key" text NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_run_name_run_key_pk" PRIMARY KEY("name","run_key")
);
--> statement-breakpoint
CREATE TABLE "price_confirmation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text
);
--> statement-breakpoint
CREATE TABLE "price_snapshot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"product_count" integer NOT NULL,
	"csv" text NOT NULL,
	"json" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"reasons" text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"visitor_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "username_redirect" (
	"old_username" text PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "product_store_name_idx";--> statement-breakpoint
DROP INDEX "product_store_updated_idx";--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "name_order" text GENERATED ALWAYS AS (translate("name", 'АБВГДЃЕЖЗЅИЈКЛЉМНЊОПРСТЌУФХЦЧЏШабвгдѓежзѕијклљмнњопрстќуфхцчџшABCDEFGHIJKLMNOPQRSTUVWXYZ', 'абвгдежзийклмнопрстуфхцчшщъыьэюабвгдежзийклмнопрстуфхцчшщъыьэюabcdefghijklmnopqrstuvwxyz')) STORED;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "hours" jsonb;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "onboarding_step" integer;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "weekends_count" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkey" ADD CONSTRAINT "passkey_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_confirmation" ADD CONSTRAINT "price_confirmation_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_confirmation" ADD CONSTRAINT "price_confirmation_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_snapshot" ADD CONSTRAINT "price_snapshot_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_report" ADD CONSTRAINT "product_report_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_report" ADD CONSTRAINT "product_report_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "username_redirect" ADD CONSTRAINT "username_redirect_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_email_action_created_at_index" ON "audit_log" USING btree ("email","action","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_user_id_created_at_index" ON "audit_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "passkey_user_id_index" ON "passkey" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "passkey_credential_id_index" ON "passkey" USING btree ("credential_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_confirmation_store_day_idx" ON "price_confirmation" USING btree ("store_id","day");--> statement-breakpoint
CREATE INDEX "price_snapshot_store_day_idx" ON "price_snapshot" USING btree ("store_id","day","created_at");--> statement-breakpoint
CREATE INDEX "product_report_store_created_idx" ON "product_report" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "product_report_visitor_idx" ON "product_report" USING btree ("visitor_key","created_at");--> statement-breakpoint
CREATE INDEX "username_redirect_store_idx" ON "username_redirect" USING btree ("store_id");--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_store_type_created_idx" ON "activity_log" USING btree ("store_id","type","created_at");--> statement-breakpoint
CREATE INDEX "activity_search_trgm_idx" ON "activity_log" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "product_store_name_order_idx" ON "product" USING btree ("store_id","name_order" collate "C","id");--> statement-breakpoint
CREATE INDEX "product_store_price_idx" ON "product" USING btree ("store_id","price_cents","id");--> statement-breakpoint
CREATE INDEX "product_store_quantity_idx" ON "product" USING btree ("store_id","quantity","id");--> statement-breakpoint
CREATE INDEX "product_search_trgm_idx" ON "product" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "product_store_updated_idx" ON "product" USING btree ("store_id","updated_at","id");