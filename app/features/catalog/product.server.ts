import { and, eq } from "drizzle-orm";
import { product } from "~/db/schema/catalog";
import { recordActivity } from "~/features/activity/activity.server";
import { imageUrls, isOwnImageKey } from "~/features/images/image.server";
import { getLibraryEntry } from "~/features/library/library.queries.server";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import { type ProductListQuery, selectProduct, selectProducts } from "./product.queries.server";
import type { ProductInput } from "./product.schema";
import { type Product, type ProductWrite, type RowProblem, writeProducts } from "./product-writer.server";

export type { Product };

export function listProducts(ctx: StoreContext, query: ProductListQuery) {
  return selectProducts(ctx.db, ctx.storeId, query);
}

export async function getProduct(ctx: StoreContext, productId: string): Promise<Product> {
  const row = await selectProduct(ctx.db, ctx.storeId, productId);
  if (!row) throw new AppError("notFound");
  return row;
}

/**
 * The image URL for an uploaded key, which must be this store's own product image, or (as
 * the new-product form offers the library too) the chosen library entry's image.
 */
async function imageColumn(ctx: StoreContext, input: ProductInput): Promise<{ imageUrl?: string }> {
  if (!input.imageKey && input.libraryImageId) {
    const entry = await getLibraryEntry(ctx.db, input.libraryImageId);
    if (!entry) throw new AppError("validation", { fields: { imageKey: "errors:imageAssignFailed" } });
    return { imageUrl: entry.url };
  }
  if (!input.imageKey) return {};
  if (!isOwnImageKey(ctx, input.imageKey, "product")) {
    throw new AppError("validation", { fields: { imageKey: "errors:imageUploadFailed" } });
  }
  return { imageUrl: imageUrls(input.imageKey, "product").url };
}

/** The form's values as a row of the product writer: every field, the form sets them all. */
function rowOf(input: ProductInput): ProductWrite {
  return {
    name: input.name,
    description: input.description,
    nameSq: input.nameSq,
    descriptionSq: input.descriptionSq,
    priceCents: input.price,
    regularPriceCents: input.regularPrice,
    vatRate: input.vatRate,
    unit: input.unit,
    netQuantityMilli: input.netQuantity,
    netUnit: input.netQuantity === null ? null : input.netUnit,
    quantity: input.quantity,
    availability: input.availability,
    barcode: input.barcode,
    status: input.status,
    categoryId: input.categoryId,
  };
}

/** The form's field each of the writer's problems belongs to, with its message (decision 0122). */
const FORM_FIELD: Partial<Record<RowProblem["field"], string>> = {
  priceCents: "price",
  regularPriceCents: "regularPrice",
  netUnit: "netUnit",
  categoryId: "categoryId",
  name: "name",
};

/**
 * The form is a batch of one through the product writer: its price history, activity and rules are
 * every channel's. A refused row is the form's errors on its fields.
 */
async function saveThroughWriter(ctx: StoreContext, row: ProductWrite): Promise<Product> {
  let plan: Awaited<ReturnType<typeof writeProducts>>;
  try {
    plan = await writeProducts(ctx, [row], { source: "form", allOrNothing: true });
  } catch (error) {
    throw new AppError("productSaveFailed", { cause: error });
  }
  if (plan.problems.some((problem) => problem.code === "notFound")) throw new AppError("notFound");
  if (plan.problems.length > 0) {
    const fields: Record<string, string> = {};
    for (const problem of plan.problems) {
      fields[FORM_FIELD[problem.field] ?? problem.field] = `validation:${problem.code}`;
    }
    throw new AppError("validation", { fields });
  }
  return getProduct(ctx, plan.rows[0]!.id);
}

/** A new product, its first price in the price history and "product added", in one transaction. */
export async function createProduct(ctx: StoreContext, input: ProductInput): Promise<Product> {
  const image = await imageColumn(ctx, input);
  return saveThroughWriter(ctx, { ...rowOf(input), ...image, id: null });
}

/**
 * Saves a product. A changed price writes the price history and a "price update" (old → new); an
 * unchanged submitted price is logged as "price update skipped".
 */
export async function updateProduct(
  ctx: StoreContext,
  productId: string,
  input: ProductInput,
): Promise<Product> {
  if (!isUuid(productId)) throw new AppError("notFound");
  const image = await imageColumn(ctx, input);
  return saveThroughWriter(ctx, { ...rowOf(input), ...image, id: productId });
}

/**
 * Sets a product's image to an upload's URL (the upload page's "attach at once"). The product
 * table is written only here, in the catalogue; another store's or a malformed id is notFound.
 */
export async function setProductImage(ctx: StoreContext, productId: string, imageUrl: string): Promise<void> {
  const updated = isUuid(productId)
    ? await ctx.db
        .update(product)
        .set({ imageUrl, updatedAt: new Date() })
        .where(and(eq(product.storeId, ctx.storeId), eq(product.id, productId)))
        .returning({ id: product.id })
    : [];
  if (updated.length === 0) throw new AppError("notFound");
}

export async function deleteProduct(ctx: StoreContext, productId: string): Promise<void> {
  const existing = await getProduct(ctx, productId);
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.delete(product).where(and(eq(product.storeId, ctx.storeId), eq(product.id, productId)));
      await recordActivity(tx, {
        storeId: ctx.storeId,
        actorId: ctx.actor.userId,
        type: "product_deleted",
        categoryId: existing.categoryId,
        details: { name: existing.name, priceCents: existing.priceCents },
      });
    });
  } catch (error) {
    throw new AppError("productDeleteFailed", { cause: error });
  }
}
