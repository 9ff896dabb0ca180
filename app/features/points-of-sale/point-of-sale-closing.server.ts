import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { type PointOfSaleClosure, pointOfSale, pointOfSaleSnapshot } from "~/db/schema/points-of-sale";
import { store } from "~/db/schema/stores";
import { recordActivity } from "~/features/activity/activity.server";
import { formatAddress } from "~/features/address/address";
import { buildPriceList } from "~/features/feeds/price-list.server";
import { toJson } from "~/features/feeds/serialize";
import { AppError } from "~/lib/app-error";
import { skopjeDay } from "~/lib/calendar";
import { getClock } from "~/lib/clock.server";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import { MAX_POINTS_OF_SALE } from "./point-of-sale.schema";

// Decision 0085: the list a point of sale showed when it closed is its day's last archived list,
// so /{username}/{slug}/prices/{day} answers what it really was that day, also after it closed.
// Decision 0095: a closed point can be reopened; the days it was closed keep answering as they did.

export async function archiveClosingList(
  tx: Queryable,
  owner: typeof store.$inferSelect,
  point: { id: string; slug: string; name: string; address: typeof owner.address },
  now: Date,
): Promise<void> {
  const address = point.address ?? owner.address;
  const list = await buildPriceList(tx, owner, now, {
    id: point.id,
    slug: point.slug,
    name: point.name,
    address: address ? formatAddress(address, "mk") : null,
  });
  await tx.insert(pointOfSaleSnapshot).values({
    storeId: owner.id,
    pointOfSaleId: point.id,
    day: skopjeDay(now),
    json: toJson(list),
    createdAt: now,
  });
}

/**
 * How the point's closed periods bear on a Skopje day of its archive: "closed" when it was closed
 * the whole day (no list, also after a reopening), the instant it closed on the day it closed and
 * stayed closed past (lists archived after that instant, e.g. a catch-up run after the reopening,
 * are not its), else null (an ordinary day; a day it closed and reopened reads the day's last list).
 */
export function closingOnDay(
  point: { closedAt?: Date | null; closures?: PointOfSaleClosure[] | null },
  day: string,
): "closed" | Date | null {
  const periods = (point.closures ?? []).map((period) => ({
    from: new Date(period.closedAt),
    to: new Date(period.reopenedAt) as Date | null,
  }));
  if (point.closedAt) periods.push({ from: point.closedAt, to: null });
  for (const { from, to } of periods) {
    const fromDay = skopjeDay(from);
    const toDay = to ? skopjeDay(to) : null;
    if (day > fromDay && (toDay === null || day < toDay)) return "closed";
    if (day === fromDay && (toDay === null || toDay > day)) return from;
  }
  return null;
}

/**
 * Reopens a closed point of sale (decision 0095): it is back in every list with its overrides,
 * at the same address; the period it was closed is kept in `closures`, so its archive of those
 * days answers what it answered while closed. The open points' limit applies as for a new one.
 */
export async function reopenPointOfSale(
  ctx: StoreContext,
  pointOfSaleId: string,
  now = getClock().now(),
): Promise<void> {
  if (!isUuid(pointOfSaleId)) throw new AppError("notFound");
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.select({ id: store.id }).from(store).where(eq(store.id, ctx.storeId)).for("update");
      const [target] = await tx
        .select()
        .from(pointOfSale)
        .where(
          and(
            eq(pointOfSale.storeId, ctx.storeId),
            eq(pointOfSale.id, pointOfSaleId),
            isNotNull(pointOfSale.closedAt),
          ),
        );
      if (!target?.closedAt) throw new AppError("notFound");
      const [open] = await tx
        .select({ value: count() })
        .from(pointOfSale)
        .where(and(eq(pointOfSale.storeId, ctx.storeId), isNull(pointOfSale.closedAt)));
      if ((open?.value ?? 0) >= MAX_POINTS_OF_SALE) throw new AppError("pointOfSaleLimit");
      const period: PointOfSaleClosure = {
        closedAt: target.closedAt.toISOString(),
        reopenedAt: now.toISOString(),
      };
      await tx
        .update(pointOfSale)
        .set({
          closedAt: null,
          closures: sql`${pointOfSale.closures} || ${JSON.stringify([period])}::jsonb`,
          updatedAt: now,
        })
        .where(and(eq(pointOfSale.storeId, ctx.storeId), eq(pointOfSale.id, pointOfSaleId)));
      await recordActivity(tx, pointOfSaleActivity(ctx, "point_of_sale_reopened", target.name));
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("storeSaveFailed", { cause: error });
  }
}

/** The activity row of closing or reopening a point of sale. */
export function pointOfSaleActivity(
  ctx: StoreContext,
  type: "point_of_sale_closed" | "point_of_sale_reopened",
  name: string,
) {
  return { storeId: ctx.storeId, actorId: ctx.actor.userId, type, details: { pointOfSale: name } };
}
