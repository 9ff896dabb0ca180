import { and, asc, count, eq, max, sql } from "drizzle-orm";
import { isUniqueViolation } from "~/db/errors";
import { category, product } from "~/db/schema/catalog";
import { uncategoriseProducts } from "~/features/catalog/product-writer.server";
import { AppError, isAppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import type { CategoryInput } from "./category.schema";

export type CategoryWithCount = {
  id: string;
  name: string;
  nameSq: string | null;
  position: number;
  productCount: number;
};

/** The store's categories in the owner's order, each with how many products it holds. */
export async function listCategoriesWithCounts(ctx: StoreContext): Promise<CategoryWithCount[]> {
  const counts = ctx.db
    .select({ categoryId: product.categoryId, value: count().as("value") })
    .from(product)
    .where(eq(product.storeId, ctx.storeId))
    .groupBy(product.categoryId)
    .as("counts");
  const rows = await ctx.db
    .select({
      id: category.id,
      name: category.name,
      nameSq: category.nameSq,
      position: category.position,
      productCount: sql<number>`coalesce(${counts.value}, 0)::int`,
    })
    .from(category)
    .leftJoin(counts, eq(counts.categoryId, category.id))
    .where(eq(category.storeId, ctx.storeId))
    .orderBy(asc(category.position), asc(category.name));
  return rows;
}

export async function getCategory(ctx: StoreContext, categoryId: string) {
  if (!isUuid(categoryId)) throw new AppError("notFound");
  const [row] = await ctx.db
    .select()
    .from(category)
    .where(and(eq(category.storeId, ctx.storeId), eq(category.id, categoryId)))
    .limit(1);
  if (!row) throw new AppError("notFound");
  return row;
}

/** Unique per store regardless of case: the index on (store_id, lower(name)) decides. */
function nameTaken(error: unknown): boolean {
  return isUniqueViolation(error);
}

export async function createCategory(ctx: StoreContext, input: CategoryInput) {
  try {
    const [last] = await ctx.db
      .select({ value: max(category.position) })
      .from(category)
      .where(eq(category.storeId, ctx.storeId));
    const [row] = await ctx.db
      .insert(category)
      .values({
        storeId: ctx.storeId,
        name: input.name,
        nameSq: input.nameSq ?? null,
        position: (last?.value ?? -1) + 1,
      })
      .returning();
    return row!;
  } catch (error) {
    if (nameTaken(error)) throw new AppError("validation", { fields: { name: "errors:categoryNameTaken" } });
    throw new AppError("categorySaveFailed", { cause: error });
  }
}

export async function renameCategory(ctx: StoreContext, categoryId: string, input: CategoryInput) {
  await getCategory(ctx, categoryId);
  try {
    const [row] = await ctx.db
      .update(category)
      .set({ name: input.name, ...(input.nameSq !== undefined ? { nameSq: input.nameSq } : {}) })
      .where(and(eq(category.storeId, ctx.storeId), eq(category.id, categoryId)))
      .returning();
    return row!;
  } catch (error) {
    if (nameTaken(error)) throw new AppError("validation", { fields: { name: "errors:categoryNameTaken" } });
    throw new AppError("categorySaveFailed", { cause: error });
  }
}

/** Deleting a category leaves its products uncategorised (the foreign key sets null). */
export async function deleteCategory(
  ctx: StoreContext,
  categoryId: string,
): Promise<{ productCount: number }> {
  await getCategory(ctx, categoryId);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [held] = await tx
        .select({ value: sql<number>`count(*)::int` })
        .from(product)
        .where(and(eq(product.storeId, ctx.storeId), eq(product.categoryId, categoryId)));
      await uncategoriseProducts({ ...ctx, db: tx }, categoryId);
      await tx.delete(category).where(and(eq(category.storeId, ctx.storeId), eq(category.id, categoryId)));
      return { productCount: held?.value ?? 0 };
    });
  } catch (error) {
    throw new AppError("categoryDeleteFailed", { cause: error });
  }
}

/**
 * Moves a category one place up or down by swapping positions with its neighbour. Positions are
 * renumbered 0..n-1 first, so old equal positions never make a move a no-op.
 */
export async function moveCategory(ctx: StoreContext, categoryId: string, direction: "up" | "down") {
  await getCategory(ctx, categoryId);
  try {
    await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: category.id })
        .from(category)
        .where(eq(category.storeId, ctx.storeId))
        .orderBy(asc(category.position), asc(category.name))
        .for("update");
      const ids = rows.map((row) => row.id);
      const from = ids.indexOf(categoryId);
      const to = direction === "up" ? from - 1 : from + 1;
      if (from < 0 || to < 0 || to >= ids.length) return;
      [ids[from], ids[to]] = [ids[to]!, ids[from]!];
      await tx.execute(sql`
        update ${category} set position = v.position
        from jsonb_to_recordset(${JSON.stringify(ids.map((id, position) => ({ id, position })))}::jsonb)
          as v(id uuid, position int)
        where ${category.id} = v.id and ${eq(category.storeId, ctx.storeId)}`);
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError("categorySaveFailed", { cause: error });
  }
}
