-- Issue 15, decision 0104: a row of promotion_product is one stay of a product in a promotion. A
-- product taken out of a promotion that has started keeps its ended row (left_on, left_at), and put
-- back later it gets a new row from then (joined_at), so the days between are not the promotion's.
-- Every existing row (one per promotion and product) becomes its product's first stay, with an id of
-- its own. At most one stay of a product in a promotion is current (left_on is null): the unique
-- index says so, and a re-save's upsert of the products that stay names it. The trigger of migrations
-- 0008/0018/0033 and the exclusion constraint (a product in at most one active promotion on any
-- day) read each row's own days, so two stays of one promotion cannot overlap either.
ALTER TABLE "promotion_product" DROP CONSTRAINT "promotion_product_promotion_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "promotion_product" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_product_current_idx" ON "promotion_product" USING btree ("promotion_id","product_id") WHERE left_on is null;--> statement-breakpoint
CREATE INDEX "promotion_product_promotion_product_idx" ON "promotion_product" USING btree ("promotion_id","product_id");