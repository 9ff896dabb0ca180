import { type SQL, sql } from "drizzle-orm";
import { analyzeAfterLargeWrite } from "~/db/analyze.server";
import { product } from "~/db/schema/catalog";
import { recordActivity } from "~/features/activity/activity.server";
import { isStoreCategory } from "~/features/categories/category.queries.server";
import { AppError, isAppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { productIdsWhere, productWhere } from "./product.queries.server";
import type { BulkAction, BulkSelection } from "./product-bulk.schema";
import { type DeletePreview, deleteSelection, previewDeletion } from "./product-bulk-delete.server";
import {
  changePrices,
  isPriceAction,
  type PriceAction,
  type PricePreview,
  previewPrices,
} from "./product-bulk-price.server";
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

/** A price change's preview, instead of a result: nothing was written. */
export type BulkPreview = { preview: PricePreview; stale: boolean };
/** What a bulk delete would remove, instead of a result: nothing was deleted. */
export type BulkDeletion = { deletion: DeletePreview; stale: boolean };

/**
 * Runs one bulk action in one transaction: every product changes with its price history and
 * activity rows, or nothing changes at all (decision 0015). A price change without the digest of its
 * confirmed preview, or whose plan no longer matches it, answers with a preview and writes nothing.
 */
export async function runBulkAction(
  ctx: StoreContext,
  action: BulkAction,
): Promise<BulkResult | BulkPreview | BulkDeletion> {
  if (action.action === "assignCategory" && action.categoryId) {
    if (!(await isStoreCategory(ctx.db, ctx.storeId, action.categoryId))) throw new AppError("notFound");
  }
  // Hand-picked ids that are not all this store's (or no longer exist) refuse the whole action.
  if (action.scope === "ids" && (await countSelection(ctx, action)) !== new Set(action.ids).size) {
    throw new AppError("notFound");
  }
  const where = selectionWhere(ctx, action);
  // A price change is written only once its preview is confirmed (decision 0032), and a delete
  // only once it is confirmed, by the server's step or the browser's dialog (decision 0047).
  if (isPriceAction(action) && !action.plan) {
    return { preview: await previewPrices(ctx.db, where, action), stale: false };
  }
  if (action.action === "delete" && !action.plan && action.confirmed !== "dialog") {
    return { deletion: await previewDeletion(ctx.db, where), stale: false };
  }
  try {
    const result = await ctx.db.transaction(async (tx): Promise<BulkResult | { stale: true }> => {
      const base = { storeId: ctx.storeId, actorId: ctx.actor.userId };
      switch (action.action) {
        case "delete":
          return await deleteSelection(tx, ctx, where, action.plan || null);
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
          return await changePrices(tx, ctx, where, action, action.plan);
      }
    });
    // The prices or the selection moved since the preview: nothing was written; show the new plan.
    if ("stale" in result) {
      if (action.action === "delete") return { deletion: await previewDeletion(ctx.db, where), stale: true };
      return { preview: await previewPrices(ctx.db, where, action as PriceAction), stale: true };
    }
    // Decision 0107: PGlite's statistics after a change of many products.
    analyzeAfterLargeWrite(result.count, ["product", "price_history", "activity_log"]);
    return result;
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError(FAILURE[action.action], { cause: error });
  }
}
