import { and, asc, count, eq, isNotNull, isNull, max, ne, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { pointOfSale } from "~/db/schema/points-of-sale";
import { store } from "~/db/schema/stores";
import { recordActivity } from "~/features/activity/activity.server";
import type { StoreAddress } from "~/features/address/address";
import type { WeekHours } from "~/features/stores/hours";
import { AppError } from "~/lib/app-error";
import { getClock } from "~/lib/clock.server";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import { MAX_POINTS_OF_SALE } from "./point-of-sale.schema";
import { archiveClosingList, pointOfSaleActivity } from "./point-of-sale-closing.server";
import { slugProblem, suggestSlug } from "./point-of-sale-slug";

// Decision 0068: a store's points of sale. Every store has at least one (migration 0019
// creates it with the store and refuses to delete the last); the first shows the store's own
// address, phone and hours while it has none of its own.

export type PointOfSale = typeof pointOfSale.$inferSelect;

export type PointOfSaleInput = {
  name: string;
  /** Only when creating: empty derives it from the name. The public address stays stable after. */
  slug?: string;
  address: StoreAddress;
  phone: string | null;
  hours?: WeekHours | null;
};

/** The store's open points of sale in their order (the first is the one onboarding created). */
export function listPointsOfSale(ctx: StoreContext): Promise<PointOfSale[]> {
  return selectPointsOfSale(ctx.db, ctx.storeId);
}

/** Open points of sale only: a closed one is in no list, menu, import, promotion or new archive. */
export function selectPointsOfSale(db: Queryable, storeId: string): Promise<PointOfSale[]> {
  return db
    .select()
    .from(pointOfSale)
    .where(and(eq(pointOfSale.storeId, storeId), isNull(pointOfSale.closedAt)))
    .orderBy(asc(pointOfSale.position), asc(pointOfSale.createdAt), asc(pointOfSale.id));
}

/** The store's closed points of sale, last closed first (settings: where their archive stays). */
export function listClosedPointsOfSale(ctx: StoreContext): Promise<PointOfSale[]> {
  return ctx.db
    .select()
    .from(pointOfSale)
    .where(and(eq(pointOfSale.storeId, ctx.storeId), isNotNull(pointOfSale.closedAt)))
    .orderBy(sql`${pointOfSale.closedAt} desc`, asc(pointOfSale.id));
}

/** One of the store's open points of sale; another store's id, a closed one or no id is "not found". */
export async function getPointOfSale(ctx: StoreContext, pointOfSaleId: string): Promise<PointOfSale> {
  if (!isUuid(pointOfSaleId)) throw new AppError("notFound");
  const [row] = await ctx.db
    .select()
    .from(pointOfSale)
    .where(
      and(
        eq(pointOfSale.storeId, ctx.storeId),
        eq(pointOfSale.id, pointOfSaleId),
        isNull(pointOfSale.closedAt),
      ),
    );
  if (!row) throw new AppError("notFound");
  return row;
}

/**
 * The public lookup of /{username}/{slug}: null for a junk slug or another store's, and for a
 * closed one unless `closed` (its dated archive stays at its address, decision 0085).
 */
export async function findPointOfSaleBySlug(
  db: Queryable,
  storeId: string,
  slug: string,
  options: { closed?: boolean } = {},
): Promise<PointOfSale | null> {
  if (slugProblem(slug) !== null) return null;
  const [row] = await db
    .select()
    .from(pointOfSale)
    .where(
      and(
        eq(pointOfSale.storeId, storeId),
        eq(pointOfSale.slug, slug),
        options.closed ? undefined : isNull(pointOfSale.closedAt),
      ),
    );
  return row ?? null;
}

/** A free slug of the store: the wanted one, else it with -2, -3, … */
async function freeSlug(db: Queryable, storeId: string, wanted: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ slug: pointOfSale.slug })
        .from(pointOfSale)
        .where(and(eq(pointOfSale.storeId, storeId), sql`${pointOfSale.slug} like ${`${wanted}%`}`))
    ).map((row) => row.slug),
  );
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

function slugTaken(): AppError {
  return new AppError("validation", { fields: { slug: "validation:pointOfSaleSlug.taken" } });
}

/** A new point of sale, last in the order. A slug the owner typed must be free; a derived one is made free. */
export async function createPointOfSale(ctx: StoreContext, input: PointOfSaleInput): Promise<PointOfSale> {
  const typed = input.slug?.trim() ?? "";
  if (typed) {
    const problem = slugProblem(typed);
    if (problem)
      throw new AppError("validation", { fields: { slug: `validation:pointOfSaleSlug.${problem}` } });
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      // One writer at a time per store: the count limit and the derived slug stay true.
      await tx.select({ id: store.id }).from(store).where(eq(store.id, ctx.storeId)).for("update");
      const [stats] = await tx
        .select({ total: count(), last: max(pointOfSale.position) })
        .from(pointOfSale)
        .where(and(eq(pointOfSale.storeId, ctx.storeId), isNull(pointOfSale.closedAt)));
      if ((stats?.total ?? 0) >= MAX_POINTS_OF_SALE) {
        throw new AppError("validation", { fields: { name: "validation:pointOfSaleLimit" } });
      }
      const slug = typed || (await freeSlug(tx, ctx.storeId, suggestSlug(input.name)));
      const [row] = await tx
        .insert(pointOfSale)
        .values({
          storeId: ctx.storeId,
          slug,
          name: input.name,
          address: input.address,
          phone: input.phone,
          hours: input.hours ?? null,
          position: (stats?.last ?? 0) + 1,
        })
        .returning();
      return row!;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) throw slugTaken();
    throw new AppError("storeSaveFailed", { cause: error });
  }
}

/** Name, address, phone and hours; the slug (the public address) does not change. */
export async function updatePointOfSale(
  ctx: StoreContext,
  pointOfSaleId: string,
  input: PointOfSaleInput,
): Promise<PointOfSale> {
  await getPointOfSale(ctx, pointOfSaleId);
  const [row] = await ctx.db
    .update(pointOfSale)
    .set({
      name: input.name,
      address: input.address,
      phone: input.phone,
      ...(input.hours !== undefined ? { hours: input.hours } : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(pointOfSale.storeId, ctx.storeId),
        eq(pointOfSale.id, pointOfSaleId),
        isNull(pointOfSale.closedAt),
      ),
    )
    .returning();
  if (!row) throw new AppError("notFound");
  return row;
}

/** A point of sale's own business hours, or null to show the store's. */
export async function setPointOfSaleHours(
  ctx: StoreContext,
  pointOfSaleId: string,
  hours: WeekHours | null,
): Promise<void> {
  const updated = await ctx.db
    .update(pointOfSale)
    .set({ hours, updatedAt: new Date() })
    .where(
      and(
        eq(pointOfSale.storeId, ctx.storeId),
        eq(pointOfSale.id, pointOfSaleId),
        isNull(pointOfSale.closedAt),
      ),
    )
    .returning({ id: pointOfSale.id });
  if (updated.length === 0) throw new AppError("notFound");
}

/**
 * Closes a point of sale (decision 0085): it leaves the store's lists, menus and live files, its
 * overrides stop counting, and its price history and dated archive stay at their stable addresses
 * (the legal record an inspector asks for); its list as public at this moment is archived as that
 * day's last. The last open one stays (PRODUCT.md: a store has at least one). The store row is
 * locked first, so two requests closing the last two cannot both pass the count.
 */
export async function closePointOfSale(
  ctx: StoreContext,
  pointOfSaleId: string,
  now = getClock().now(),
): Promise<void> {
  if (!isUuid(pointOfSaleId)) throw new AppError("notFound");
  try {
    await ctx.db.transaction(async (tx) => {
      const [owner] = await tx.select().from(store).where(eq(store.id, ctx.storeId)).for("update");
      const open = and(eq(pointOfSale.storeId, ctx.storeId), isNull(pointOfSale.closedAt));
      const [target] = await tx
        .select()
        .from(pointOfSale)
        .where(and(open, eq(pointOfSale.id, pointOfSaleId)));
      if (!target || !owner) throw new AppError("notFound");
      const [others] = await tx
        .select({ value: count() })
        .from(pointOfSale)
        .where(and(open, ne(pointOfSale.id, pointOfSaleId)));
      if ((others?.value ?? 0) === 0) throw new AppError("lastPointOfSale");
      await archiveClosingList(tx, owner, target, now);
      await tx
        .update(pointOfSale)
        .set({ closedAt: now, updatedAt: now })
        .where(and(eq(pointOfSale.storeId, ctx.storeId), eq(pointOfSale.id, pointOfSaleId)));
      await recordActivity(tx, pointOfSaleActivity(ctx, "point_of_sale_closed", target.name));
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("storeSaveFailed", { cause: error });
  }
}
