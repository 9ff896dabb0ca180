CREATE TABLE "username_redirect" (
	"old_username" text PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "hours" jsonb;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "onboarding_step" integer;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "username_redirect" ADD CONSTRAINT "username_redirect_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "username_redirect_store_idx" ON "username_redirect" USING btree ("store_id");