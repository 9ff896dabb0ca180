import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { type ConfirmationStatus, priceConfirmation } from "~/db/schema/compliance";
import { store } from "~/db/schema/stores";
import { recordActivity } from "~/features/activity/activity.server";
import { archivePriceList } from "~/features/feeds/snapshot.server";
import { publicStoreCondition } from "~/features/stores/public-store.server";
import { AppError } from "~/lib/app-error";
import { addDays, CONFIRMATION_DEADLINE_HOUR, dayCounts, skopjeDay, skopjeHour } from "~/lib/calendar";
import { logger } from "~/lib/logger.server";
import type { StoreContext } from "~/lib/service-context";

// Daily price confirmation (PRODUCT.md): from 00:00 Skopje the owner answers "Are today's
// prices correct?"; yes → confirmed, no → skipped (fix prices, confirm later the same day);
// no answer by 10:00 → missed.

export type TodayConfirmation = {
  day: string;
  counts: boolean;
  status: ConfirmationStatus | null;
  answeredAt: Date | null;
  /** Confirmed after the 10:00 deadline: the day counts as confirmed late (decision 0028). */
  late: boolean;
  /** The prompt shows until the owner confirms (a "no" or a missed day can still be confirmed today). */
  ask: boolean;
  /**
   * The store was created today after the 10:00 deadline and has not answered: the day is not
   * counted as missed (markMissedDays spares it), but a confirmation now is one after the deadline.
   */
  openedAfterDeadline: boolean;
};

/** A confirmation given after its own day's 10:00 deadline (Skopje time) was late. */
export function isLateConfirmation(row: {
  status: ConfirmationStatus;
  day: string;
  answeredAt: Date;
}): boolean {
  return (
    row.status === "confirmed" &&
    (skopjeDay(row.answeredAt) > row.day ||
      (skopjeDay(row.answeredAt) === row.day && skopjeHour(row.answeredAt) >= CONFIRMATION_DEADLINE_HOUR))
  );
}

async function storeRow(ctx: StoreContext) {
  const [row] = await ctx.db.select().from(store).where(eq(store.id, ctx.storeId)).limit(1);
  if (!row) throw new AppError("storeNotFound");
  return row;
}

async function dayRow(db: Queryable, storeId: string, day: string) {
  const [row] = await db
    .select()
    .from(priceConfirmation)
    .where(and(eq(priceConfirmation.storeId, storeId), eq(priceConfirmation.day, day)))
    .limit(1);
  return row ?? null;
}

export async function getTodayConfirmation(ctx: StoreContext, now: Date): Promise<TodayConfirmation> {
  const current = await storeRow(ctx);
  const day = skopjeDay(now);
  const row = await dayRow(ctx.db, ctx.storeId, day);
  const counts = dayCounts(day, current.weekendsCount);
  return {
    day,
    counts,
    status: row?.status ?? null,
    answeredAt: row?.answeredAt ?? null,
    late: row ? isLateConfirmation(row) : false,
    ask: counts && row?.status !== "confirmed",
    openedAfterDeadline:
      !row &&
      skopjeDay(current.createdAt) === day &&
      skopjeHour(current.createdAt) >= CONFIRMATION_DEADLINE_HOUR,
  };
}

/**
 * The owner's answer for today. Yes records the time and the user, an activity entry and a
 * snapshot of the public price list, all in one transaction; no records a skip.
 */
export async function answerToday(ctx: StoreContext, input: { answer: "yes" | "no" }, now: Date) {
  const current = await storeRow(ctx);
  const day = skopjeDay(now);
  try {
    return await ctx.db.transaction(async (tx) => {
      const existing = await dayRow(tx, ctx.storeId, day);
      if (existing?.status === "confirmed") return existing;
      if (input.answer === "no") {
        // A skip never overwrites a missed day: the record of the deadline stays true.
        if (existing) return existing;
        const [row] = await tx
          .insert(priceConfirmation)
          .values({
            storeId: ctx.storeId,
            day,
            status: "skipped",
            answeredAt: now,
            actorId: ctx.actor.userId,
          })
          .returning();
        return row!;
      }
      const [row] = await tx
        .insert(priceConfirmation)
        .values({
          storeId: ctx.storeId,
          day,
          status: "confirmed",
          answeredAt: now,
          actorId: ctx.actor.userId,
        })
        .onConflictDoUpdate({
          target: [priceConfirmation.storeId, priceConfirmation.day],
          set: {
            status: "confirmed",
            answeredAt: now,
            actorId: ctx.actor.userId,
          },
        })
        .returning();
      await recordActivity(tx, {
        storeId: ctx.storeId,
        actorId: ctx.actor.userId,
        type: "price_update_confirmed",
        details: { day, late: existing?.status === "missed" },
      });
      await archivePriceList(tx, current, "confirmation", now);
      return row!;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error({ err: error, storeId: ctx.storeId }, "price confirmation failed");
    // The owner is told 'Price update record failed'.
    throw new AppError("priceUpdateRecordFailed", { cause: error });
  }
}

export type CalendarDay = {
  day: string;
  /**
   * none: before the store had to answer; off: a weekend that does not count; pending: today before
   * 10:00, unanswered; open: today after 10:00, not yet recorded as missed.
   */
  state: ConfirmationStatus | "pending" | "off" | "none" | "open";
  answeredAt: Date | null;
  late: boolean;
};

/** The last `days` Skopje days, oldest first, each with its state. */
export async function listCalendar(ctx: StoreContext, now: Date, days = 30): Promise<CalendarDay[]> {
  const current = await storeRow(ctx);
  const today = skopjeDay(now);
  const first = addDays(today, -(days - 1));
  const rows = await ctx.db
    .select()
    .from(priceConfirmation)
    .where(and(eq(priceConfirmation.storeId, ctx.storeId), gte(priceConfirmation.day, first)))
    .orderBy(asc(priceConfirmation.day));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const created = skopjeDay(current.createdAt);
  // The first day counts only if the store existed before that day's deadline (as markMissedDays).
  const firstDue = skopjeHour(current.createdAt) < CONFIRMATION_DEADLINE_HOUR ? created : addDays(created, 1);
  const result: CalendarDay[] = [];
  for (let offset = days - 1; offset >= 0; offset--) {
    const day = addDays(today, -offset);
    const row = byDay.get(day);
    let state: CalendarDay["state"];
    if (row) state = row.status;
    else if (day < created) state = "none";
    else if (!dayCounts(day, current.weekendsCount)) state = "off";
    else if (day === today) state = skopjeHour(now) < CONFIRMATION_DEADLINE_HOUR ? "pending" : "open";
    // A past day that counted and has no answer was missed, even if no job recorded it (every
    // instance down that day): the owner must not read a missed day as a blank one.
    else if (day >= firstDue) state = "missed";
    else state = "none";
    result.push({
      day,
      state,
      answeredAt: row?.answeredAt ?? null,
      late: row ? isLateConfirmation(row) : false,
    });
  }
  return result;
}

export async function setWeekendsCount(ctx: StoreContext, weekendsCount: boolean): Promise<void> {
  await ctx.db.update(store).set({ weekendsCount, updatedAt: new Date() }).where(eq(store.id, ctx.storeId));
}

/** The latest confirmation of a store, for the public stamp. */
export async function latestConfirmation(db: Queryable, storeId: string) {
  const [row] = await db
    .select({
      day: priceConfirmation.day,
      answeredAt: priceConfirmation.answeredAt,
    })
    .from(priceConfirmation)
    .where(and(eq(priceConfirmation.storeId, storeId), eq(priceConfirmation.status, "confirmed")))
    .orderBy(desc(priceConfirmation.day))
    .limit(1);
  return row ?? null;
}

// ---- used by the jobs: every store at once, no actor ----

/** Public stores that must answer today and have not, with the owner's address (the 08:00 reminder). */
export async function listUnansweredStores(db: Queryable, now: Date) {
  const day = skopjeDay(now);
  const rows = await db
    .select({
      storeId: store.id,
      storeName: store.name,
      weekendsCount: store.weekendsCount,
      email: user.email,
      ownerName: user.name,
    })
    .from(store)
    .innerJoin(user, eq(user.id, store.ownerId))
    .where(
      and(
        // A store still in onboarding is not open yet: no reminder, no missed day.
        publicStoreCondition(),
        sql`not exists (select 1 from ${priceConfirmation} where ${priceConfirmation.storeId} = ${store.id} and ${priceConfirmation.day} = ${day})`,
      ),
    );
  return rows.filter((row) => dayCounts(day, row.weekendsCount));
}

/**
 * After 10:00: every public store (active and onboarded) that had to answer today and did not gets a missed day.
 * Idempotent (the unique store/day index); stores created after that day's deadline (or on a later day) are spared.
 */
export async function markMissedDays(db: Queryable, now: Date): Promise<number> {
  if (skopjeHour(now) < CONFIRMATION_DEADLINE_HOUR) return 0;
  const day = skopjeDay(now);
  const candidates = (await listUnansweredStores(db, now)).map((row) => row.storeId);
  if (candidates.length === 0) return 0;
  const stores = await db
    .select({ id: store.id, createdAt: store.createdAt })
    .from(store)
    .where(sql`${store.id} in ${candidates}`);
  const due = stores.filter((row) => {
    const createdDay = skopjeDay(row.createdAt);
    return createdDay < day || (createdDay === day && skopjeHour(row.createdAt) < CONFIRMATION_DEADLINE_HOUR);
  });
  if (due.length === 0) return 0;
  const inserted = await db
    .insert(priceConfirmation)
    .values(
      due.map((row) => ({
        storeId: row.id,
        day,
        status: "missed" as const,
        answeredAt: now,
        actorId: null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: priceConfirmation.id });
  return inserted.length;
}
