import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { product } from "~/db/schema/catalog";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import { type ApiProduct, isStorableInstant, type ProductListQuery } from "./api.schema";

// The products as /api/v1 reads them. Pages are in (updated_at, id) order with an opaque
// cursor, so a POS that syncs "updatedSince" its last run walks every change exactly once.

export type ProductRow = typeof product.$inferSelect;

export function toApiProduct(row: ProductRow): ApiProduct {
  return {
    id: row.id,
    externalId: row.externalId,
    barcode: row.barcode,
    name: row.name,
    description: row.description,
    nameSq: row.nameSq,
    descriptionSq: row.descriptionSq,
    priceCents: row.priceCents,
    regularPriceCents: row.regularPriceCents,
    vatRate: row.vatRate,
    unit: row.unit,
    netQuantityMilli: row.netQuantityMilli,
    netUnit: row.netUnit,
    quantity: row.quantity,
    availability: row.availability,
    status: row.status,
    categoryId: row.categoryId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The cursor: the last row's exact updated_at (as PostgreSQL prints it, microseconds kept) and id. */
function encodeCursor(updatedAt: string, id: string): string {
  return Buffer.from(`${updatedAt}|${id}`).toString("base64url");
}

const CURSOR_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?$/;

/**
 * True when the cursor's time is one the database can read (decision 0121): a cursor is only
 * base64 of text, so a forged one may carry "2026-13-45 99:99:99+00" or year 0000, which made
 * the query fail with a 500. The day must exist, and the instant lie in the years 0001 to 9999.
 */
function isCursorTime(text: string): boolean {
  const match = CURSOR_TIME.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [
    match[1],
    match[2],
    match[3],
    match[4],
    match[5],
    match[6],
    match[9],
    match[10] ?? "00",
  ].map(Number) as [number, number, number, number, number, number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 15 || offsetMinutes > 59) return false;
  const iso = `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}${match[7] ?? ""}${match[8]}${match[9]}:${match[10] ?? "00"}`;
  return isStorableInstant(iso);
}

function decodeCursor(cursor: string): { updatedAt: string; id: string } | null {
  const [updatedAt, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || !updatedAt || !isUuid(id) || !isCursorTime(updatedAt)) return null;
  return { updatedAt, id };
}

export class BadCursor extends Error {}

export async function listApiProducts(
  ctx: StoreContext,
  query: ProductListQuery,
): Promise<{ items: ApiProduct[]; nextCursor: string | null }> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (after === null) throw new BadCursor();
  const rows = await ctx.db
    .select({ row: product, exactUpdatedAt: sql<string>`${product.updatedAt}::text` })
    .from(product)
    .where(
      and(
        eq(product.storeId, ctx.storeId),
        query.barcode !== undefined ? eq(product.barcode, query.barcode) : undefined,
        query.externalId !== undefined ? eq(product.externalId, query.externalId) : undefined,
        query.updatedSince !== undefined ? gte(product.updatedAt, new Date(query.updatedSince)) : undefined,
        after
          ? sql`(${product.updatedAt}, ${product.id}) > (${after.updatedAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(product.updatedAt), asc(product.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ row }) => toApiProduct(row)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.exactUpdatedAt, last.row.id) : null,
  };
}

export async function getApiProduct(ctx: StoreContext, productId: string): Promise<ApiProduct> {
  if (!isUuid(productId)) throw new AppError("notFound");
  const [row] = await ctx.db
    .select()
    .from(product)
    .where(and(eq(product.storeId, ctx.storeId), eq(product.id, productId)));
  if (!row) throw new AppError("notFound");
  return toApiProduct(row);
}

/** The store's products with these ids, by id. */
export async function productsById(db: Queryable, storeId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, ProductRow>();
  const rows = await db
    .select()
    .from(product)
    .where(and(eq(product.storeId, storeId), inArray(product.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}
