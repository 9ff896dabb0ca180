import { and, eq } from "drizzle-orm";
import { product } from "~/db/schema/catalog";
import { recordActivity } from "~/features/activity/activity.server";
import { isStoreCategory } from "~/features/categories/category.queries.server";
import { imageUrls, isOwnImageKey } from "~/features/images/image.server";
import { getLibraryEntry } from "~/features/library/library.queries.server";
import { recordPriceChanges } from "~/features/pricing/price-history.server";
import { albanianContentEnabled } from "~/features/product-language/albanian-content.server";
import { productSearchText } from "~/features/product-language/product-language";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import { type ProductListQuery, selectProduct, selectProducts } from "./product.queries.server";
import type { ProductInput } from "./product.schema";

export type Product = typeof product.$inferSelect;

export function listProducts(ctx: StoreContext, query: ProductListQuery) {
  return selectProducts(ctx.db, ctx.storeId, query);
}

export async function getProduct(ctx: StoreContext, productId: string): Promise<Product> {
  const row = await selectProduct(ctx.db, ctx.storeId, productId);
  if (!row) throw new AppError("notFound");
  return row;
}

async function assertCategory(ctx: StoreContext, categoryId: string | null) {
  if (categoryId && !(await isStoreCategory(ctx.db, ctx.storeId, categoryId))) {
    throw new AppError("validation", { fields: { categoryId: "validation:categoryInvalid" } });
  }
}

/**
 * The image URL for an uploaded key, which must be this store's own product image, or (issue 18:
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

/**
 * The Albanian texts to store: the posted ones when the store has Albanian content enabled; when it
 * is off they are ignored and the stored ones kept (decision 0074), so `before` supplies them.
 */
async function albanianColumns(
  ctx: StoreContext,
  input: ProductInput,
  before?: Pick<Product, "nameSq" | "descriptionSq">,
): Promise<{ nameSq: string | null; descriptionSq: string | null }> {
  if (await albanianContentEnabled(ctx.db, ctx.storeId))
    return { nameSq: input.nameSq, descriptionSq: input.descriptionSq };
  return { nameSq: before?.nameSq ?? null, descriptionSq: before?.descriptionSq ?? null };
}

function columnsOf(input: ProductInput, albanian: { nameSq: string | null; descriptionSq: string | null }) {
  return {
    name: input.name,
    description: input.description,
    ...albanian,
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
    searchText: productSearchText({ ...input, ...albanian }),
  };
}

/** A new product, its first price in the price history and "product added", in one transaction. */
export async function createProduct(ctx: StoreContext, input: ProductInput): Promise<Product> {
  await assertCategory(ctx, input.categoryId);
  const image = await imageColumn(ctx, input);
  const albanian = await albanianColumns(ctx, input);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(product)
        .values({ ...columnsOf(input, albanian), ...image, storeId: ctx.storeId })
        .returning();
      const row = created!;
      await recordPriceChanges(tx, ctx.storeId, ctx.actor.userId, [
        { productId: row.id, oldPriceCents: null, newPriceCents: row.priceCents, source: "form" },
      ]);
      await recordActivity(tx, {
        storeId: ctx.storeId,
        actorId: ctx.actor.userId,
        type: "product_added",
        productId: row.id,
        categoryId: row.categoryId,
        details: { name: row.name, priceCents: row.priceCents },
      });
      return row;
    });
  } catch (error) {
    throw new AppError("productSaveFailed", { cause: error });
  }
}

/**
 * Saves a product. A changed price writes the price history and a "price update" (old → new); an
 * unchanged submitted price is logged as "price update skipped" (spec §4 activity types).
 */
export async function updateProduct(
  ctx: StoreContext,
  productId: string,
  input: ProductInput,
): Promise<Product> {
  const before = await getProduct(ctx, productId);
  await assertCategory(ctx, input.categoryId);
  const image = await imageColumn(ctx, input);
  const albanian = await albanianColumns(ctx, input, before);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(product)
        .set({ ...columnsOf(input, albanian), ...image, updatedAt: new Date() })
        .where(and(eq(product.storeId, ctx.storeId), eq(product.id, productId)))
        .returning();
      const row = updated!;
      const base = { storeId: ctx.storeId, actorId: ctx.actor.userId, productId, categoryId: row.categoryId };
      if (before.priceCents !== row.priceCents) {
        await recordPriceChanges(tx, ctx.storeId, ctx.actor.userId, [
          { productId, oldPriceCents: before.priceCents, newPriceCents: row.priceCents, source: "form" },
        ]);
        await recordActivity(tx, {
          ...base,
          type: "price_updated",
          details: { name: row.name, oldPriceCents: before.priceCents, newPriceCents: row.priceCents },
        });
      } else {
        await recordActivity(tx, {
          ...base,
          type: "price_update_skipped",
          details: { name: row.name, priceCents: row.priceCents },
        });
      }
      await recordActivity(tx, { ...base, type: "product_updated", details: { name: row.name } });
      return row;
    });
  } catch (error) {
    throw new AppError("productSaveFailed", { cause: error });
  }
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
