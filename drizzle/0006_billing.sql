CREATE TABLE "payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "payment_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'MKD' NOT NULL,
	"months" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"buyer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "payment_transaction" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"note" text,
	"paid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_billing" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"plan" text,
	"method" text,
	"paid_until" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD CONSTRAINT "payment_transaction_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD CONSTRAINT "payment_transaction_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD CONSTRAINT "payment_transaction_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_billing" ADD CONSTRAINT "store_billing_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_store_idx" ON "payment" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_created_idx" ON "payment" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transaction_payment_kind_idx" ON "payment_transaction" USING btree ("payment_id","kind");--> statement-breakpoint
CREATE INDEX "payment_transaction_store_idx" ON "payment_transaction" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_transaction_kind_idx" ON "payment_transaction" USING btree ("kind","payment_id") WHERE kind <> 'created';
--> statement-breakpoint
-- Issue 16 (decision 0041): payments and their events are never edited. A change is a new
-- payment_transaction row; deleting the store (the owner's account) still removes them.
CREATE FUNCTION refuse_payment_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are append-only', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_no_update BEFORE UPDATE ON "payment" FOR EACH ROW EXECUTE FUNCTION refuse_payment_update();
--> statement-breakpoint
-- The one change allowed: an admin's or owner's account deleted sets actor_id to null (the FK's ON DELETE SET NULL).
CREATE FUNCTION refuse_payment_transaction_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.actor_id IS NULL
    AND (NEW.id, NEW.payment_id, NEW.store_id, NEW.kind, NEW.note, NEW.paid_until, NEW.created_at)
      IS NOT DISTINCT FROM (OLD.id, OLD.payment_id, OLD.store_id, OLD.kind, OLD.note, OLD.paid_until, OLD.created_at)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'payment_transaction rows are append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_transaction_no_update BEFORE UPDATE ON "payment_transaction" FOR EACH ROW EXECUTE FUNCTION refuse_payment_transaction_update();
--> statement-breakpoint
-- A store that finished onboarding before the trial was recorded gets its free month from now.
UPDATE "store" SET "trial_ends_at" = now() + interval '1 month' WHERE "trial_ends_at" IS NULL AND "onboarding_step" IS NULL;
