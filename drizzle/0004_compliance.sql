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
ALTER TABLE "store" ADD COLUMN "weekends_count" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "price_confirmation" ADD CONSTRAINT "price_confirmation_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_confirmation" ADD CONSTRAINT "price_confirmation_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_snapshot" ADD CONSTRAINT "price_snapshot_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_report" ADD CONSTRAINT "product_report_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_report" ADD CONSTRAINT "product_report_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_confirmation_store_day_idx" ON "price_confirmation" USING btree ("store_id","day");--> statement-breakpoint
CREATE INDEX "price_snapshot_store_day_idx" ON "price_snapshot" USING btree ("store_id","day","created_at");--> statement-breakpoint
CREATE INDEX "product_report_store_created_idx" ON "product_report" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "product_report_visitor_idx" ON "product_report" USING btree ("visitor_key","created_at");