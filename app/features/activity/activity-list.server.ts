import { and, desc, eq, like, lt, or, type SQL, sql } from "drizzle-orm";
import { activityLog } from "~/db/schema/activity";
import { category } from "~/db/schema/catalog";
import { AppError } from "~/lib/app-error";
import { STORE_TIME_ZONE } from "~/lib/dates";
import type { StoreContext } from "~/lib/service-context";
import { searchKey } from "~/lib/transliterate";
import type { ActivityFilters } from "./activity-params";

// Every query starts with store_id, so the (store_id, created_at) and (store_id, type, created_at)
// indexes serve the newest-first pages, so the activity page stays fast.

function activityWhere(storeId: string, filters: ActivityFilters, extra: SQL[] = []): SQL {
  const conditions: SQL[] = [eq(activityLog.storeId, storeId), ...extra];
  if (filters.type) conditions.push(eq(activityLog.type, filters.type));
  if (filters.category) conditions.push(eq(activityLog.categoryId, filters.category));
  // Whole days in Skopje, whatever the server's zone.
  if (filters.from) {
    conditions.push(
      sql`${activityLog.createdAt} >= (${filters.from}::date)::timestamp at time zone ${STORE_TIME_ZONE}`,
    );
  }
  if (filters.to) {
    conditions.push(
      sql`${activityLog.createdAt} < (${filters.to}::date + 1)::timestamp at time zone ${STORE_TIME_ZONE}`,
    );
  }
  const key = filters.q ? searchKey(filters.q) : "";
  if (key) conditions.push(like(activityLog.searchText, `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return and(...conditions)!;
}

const columns = {
  id: activityLog.id,
  type: activityLog.type,
  productId: activityLog.productId,
  details: activityLog.details,
  createdAt: activityLog.createdAt,
  categoryName: category.name,
};

export type ActivityRow = Awaited<ReturnType<typeof listActivity>>["rows"][number];

/** One page of the store's activity, newest first. */
export async function listActivity(
  ctx: StoreContext,
  filters: ActivityFilters,
  page: number,
  pageSize: number,
) {
  try {
    const where = activityWhere(ctx.storeId, filters);
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select(columns)
        .from(activityLog)
        .leftJoin(category, and(eq(category.id, activityLog.categoryId), eq(category.storeId, ctx.storeId)))
        .where(where)
        .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      ctx.db.select({ value: sql<number>`count(*)::int` }).from(activityLog).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  } catch (error) {
    throw new AppError("activityFetchFailed", { cause: error });
  }
}

/**
 * Every row matching the filters, newest first, read in batches by (created_at, id) so a long log
 * never becomes one huge query.
 */
export async function* allActivity(ctx: StoreContext, filters: ActivityFilters, batchSize = 2000) {
  let after: { createdAt: Date; id: string } | null = null;
  while (true) {
    const cursor: SQL[] = after
      ? [
          or(
            lt(activityLog.createdAt, after.createdAt),
            and(eq(activityLog.createdAt, after.createdAt), lt(activityLog.id, after.id)),
          )!,
        ]
      : [];
    const rows = await ctx.db
      .select(columns)
      .from(activityLog)
      .leftJoin(category, and(eq(category.id, activityLog.categoryId), eq(category.storeId, ctx.storeId)))
      .where(activityWhere(ctx.storeId, filters, cursor))
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
