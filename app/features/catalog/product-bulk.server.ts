import { eq, type SQL, sql } from "drizzle-orm";
import { product } from "~/db/schema/catalog";
import { type ActivityEntry, recordActivity } from "~/features/activity/activity.server";
import { isStoreCategory } from "~/features/categories/category.queries.server";
import { type PriceChange, recordPriceChanges } from "~/features/pricing/price-history.server";
import { AppError, isAppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { productIdsWhere, productWhere } from "./product.queries.server";
import {
  type BulkAction,
  type BulkSelection,
  priceAfterAmount,
  priceAfterPercent,
} from "./product-bulk.schema";
import { parseProductFilters } from "./product-list-params";

export type BulkResult = { count: number; skipped: number; failed: number };

/** The products a bulk action works on, always inside the signed-in owner's store. */
function selectionWhere(ctx: StoreContext, selection: BulkSelection): SQL {
  if (selection.scope === "ids") return productIdsWhere(ctx.storeId, selection.ids);
  return productWhere(ctx.storeId, parseProductFilters(new URLSearchParams(selection.query)));
}

/** How many products a selection covers: the number the delete confirmation states. */
export async function countSelection(ctx: StoreContext, selection: BulkSelection): Promise<number> {
  const [row] = await ctx.db
    .select({ value: sql<number>`count(*)::int` })
    .from(product)
    .where(selectionWhere(ctx, selection));
  return row?.value ?? 0;
}

const FAILURE: Record<
  BulkAction["action"],
  "productDeleteFailed" | "categoryAssignFailed" | "productSaveFailed" | "priceUpdateFailed"
> = {
  delete: "productDeleteFailed",
  activate: "productSaveFailed",
  deactivate: "productSaveFailed",
  assignCategory: "categoryAssignFailed",
  pricePercent: "priceUpdateFailed",
  priceAmount: "priceUpdateFailed",
};

/**
 * Runs one bulk action in one transaction: every product changes with its price history and
 * activity rows, or nothing changes at all (issue 5).
 */
export async function runBulkAction(ctx: StoreContext, action: BulkAction): Promise<BulkResult> {
  if (action.action === "assignCategory" && action.categoryId) {
    if (!(await isStoreCategory(ctx.db, ctx.storeId, action.categoryId))) throw new AppError("notFound");
  }
  // Hand-picked ids that are not all this store's (or no longer exist) refuse the whole action.
  if (action.scope === "ids" && (await countSelection(ctx, action)) !== new Set(action.ids).size) {
    throw new AppError("notFound");
  }
  const where = selectionWhere(ctx, action);
  try {
    return await ctx.db.transaction(async (tx) => {
      const base = { storeId: ctx.storeId, actorId: ctx.actor.userId };
      switch (action.action) {
        case "delete": {
          const deleted = await tx
            .delete(product)
            .where(where)
            .returning({ id: product.id, name: product.name });
          if (deleted.length > 0) {
            await recordActivity(tx, {
              ...base,
              type: "products_bulk_deleted",
              details: {
                count: deleted.length,
                names: deleted.map((row) => row.name),
                deletedAt: new Date().toISOString(),
              },
            });
          }
          return { count: deleted.length, skipped: 0, failed: 0 };
        }
        case "activate":
        case "deactivate":
        case "assignCategory": {
          const set =
            action.action === "assignCategory"
              ? { categoryId: action.categoryId || null }
              : { status: action.action === "activate" ? ("active" as const) : ("inactive" as const) };
          const changed = await tx
            .update(product)
            .set({ ...set, updatedAt: new Date() })
            .where(where)
            .returning({ id: product.id, name: product.name, categoryId: product.categoryId });
          await recordActivity(
            tx,
            changed.map((row) => ({
              ...base,
              type: "product_updated" as const,
              productId: row.id,
              categoryId: row.categoryId,
              details: { name: row.name, bulk: action.action, ...set },
            })),
          );
          return { count: changed.length, skipped: 0, failed: 0 };
        }
        case "pricePercent":
        case "priceAmount":
          return await changePrices(tx, ctx, where, (cents) =>
            action.action === "pricePercent"
              ? priceAfterPercent(cents, action.value)
              : priceAfterAmount(cents, action.value),
          );
      }
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError(FAILURE[action.action], { cause: error });
  }
}

type Tx = Parameters<Parameters<StoreContext["db"]["transaction"]>[0]>[0];

/**
 * New prices in whole denars. A product whose price would not change is logged as "price update
 * skipped"; one whose new price would be negative or above its regular price keeps its price and
 * is logged as "price update error" (spec §4 activity types).
 */
async function changePrices(tx: Tx, ctx: StoreContext, where: SQL, next: (cents: number) => number) {
  const rows = await tx
    .select({
      id: product.id,
      name: product.name,
      categoryId: product.categoryId,
      priceCents: product.priceCents,
      regularPriceCents: product.regularPriceCents,
    })
    .from(product)
    .where(where)
    .for("update");
  const base = { storeId: ctx.storeId, actorId: ctx.actor.userId };
  const changes: PriceChange[] = [];
  const activity: ActivityEntry[] = [];
  let skipped = 0;
  let failed = 0;
  for (const row of rows) {
    const newPrice = next(row.priceCents);
    const entry = { ...base, productId: row.id, categoryId: row.categoryId };
    if (newPrice === row.priceCents) {
      skipped++;
      activity.push({
        ...entry,
        type: "price_update_skipped",
        details: { name: row.name, priceCents: newPrice },
      });
    } else if (newPrice < 0 || (row.regularPriceCents !== null && newPrice > row.regularPriceCents)) {
      failed++;
      activity.push({
        ...entry,
        type: "price_update_error",
        details: {
          name: row.name,
          oldPriceCents: row.priceCents,
          newPriceCents: newPrice,
          reason: newPrice < 0 ? "negative" : "aboveRegularPrice",
        },
      });
    } else {
      changes.push({
        productId: row.id,
        oldPriceCents: row.priceCents,
        newPriceCents: newPrice,
        source: "bulk",
      });
      activity.push({
        ...entry,
        type: "price_updated",
        details: { name: row.name, oldPriceCents: row.priceCents, newPriceCents: newPrice },
      });
    }
  }
  // One UPDATE per 1000 products, the new prices passed as one JSON parameter.
  for (let start = 0; start < changes.length; start += 1000) {
    const chunk = changes
      .slice(start, start + 1000)
      .map((c) => ({ id: c.productId, price: c.newPriceCents }));
    await tx.execute(sql`
      update ${product} set price_cents = v.price, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(id uuid, price bigint)
      where ${product.id} = v.id and ${eq(product.storeId, ctx.storeId)}`);
  }
  await recordPriceChanges(tx, ctx.storeId, ctx.actor.userId, changes);
  await recordActivity(tx, activity);
  return { count: changes.length, skipped, failed };
}
