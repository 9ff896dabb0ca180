import { createHash } from "node:crypto";
import { and, desc, eq, gte } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { activityLog } from "~/db/schema/activity";
import { priceConfirmation, priceSnapshot } from "~/db/schema/compliance";
import { store } from "~/db/schema/stores";
import { archivePriceList } from "~/features/feeds/snapshot.server";
import { addDays, dayCounts, skopjeDay, skopjeInstant } from "~/lib/calendar";
import { DEMO_USERNAME } from "./demo-seed.server";

// Decision 0028: the demo store is the shop window, so it is a compliant shop every day, not only
// on the day it was seeded. Each morning it confirms its prices at a random minute between 07:00 and
// 09:30 Skopje time, as a real owner would. The minute comes from the store and the day, so every
// instance picks the same one and a catch-up (the server was down) writes the history a running
// server would have written: each day confirmed at its own morning minute, and archived.

/** The morning window, in minutes after midnight, Skopje time. */
export const DEMO_MORNING = { from: 7 * 60, to: 9 * 60 + 30 } as const;
/** How far back a catch-up fills the demo's history (the dashboard calendar shows 30 days). */
const CATCH_UP_DAYS = 30;

/** The demo's confirmation instant on a day: a random-looking minute in the morning window. */
export function demoMorningInstant(storeId: string, day: string): Date {
  const hash = createHash("sha256").update(`${storeId}:${day}`).digest().readUInt32BE(0);
  const minute = DEMO_MORNING.from + (hash % (DEMO_MORNING.to - DEMO_MORNING.from + 1));
  return skopjeInstant(day, Math.floor(minute / 60), minute % 60);
}

/**
 * Confirms the demo store's days whose morning minute has passed and that no one answered since its
 * last confirmation (a day the missed-day job recorded before this ran counts as unanswered). A day
 * someone answered by hand (a skip, a confirmation) is left as it is. Returns the days confirmed.
 */
export async function confirmDemoMornings({ db, now }: { db: Queryable; now: Date }): Promise<number> {
  const [demo] = await db.select().from(store).where(eq(store.username, DEMO_USERNAME)).limit(1);
  if (!demo?.active) return 0;
  const today = skopjeDay(now);
  const [latest] = await db
    .select({ day: priceConfirmation.day })
    .from(priceConfirmation)
    .where(and(eq(priceConfirmation.storeId, demo.id), eq(priceConfirmation.status, "confirmed")))
    .orderBy(desc(priceConfirmation.day))
    .limit(1);
  const earliest = addDays(today, -(CATCH_UP_DAYS - 1));
  const next = latest ? addDays(latest.day, 1) : skopjeDay(demo.createdAt);
  // The later of the two days ("YYYY-MM-DD" strings sort by date).
  const first = [next, earliest].sort()[1]!;
  const answered = new Map(
    (
      await db
        .select()
        .from(priceConfirmation)
        .where(and(eq(priceConfirmation.storeId, demo.id), gte(priceConfirmation.day, first)))
    ).map((row) => [row.day, row]),
  );
  let confirmed = 0;
  for (let day = first; day <= today; day = addDays(day, 1)) {
    if (!dayCounts(day, demo.weekendsCount)) continue;
    const at = demoMorningInstant(demo.id, day);
    if (at > now) break;
    const existing = answered.get(day);
    if (existing && !(existing.status === "missed" && existing.actorId === null)) continue;
    await db
      .insert(priceConfirmation)
      .values({ storeId: demo.id, day, status: "confirmed", answeredAt: at, actorId: demo.ownerId })
      .onConflictDoUpdate({
        target: [priceConfirmation.storeId, priceConfirmation.day],
        set: { status: "confirmed", answeredAt: at, actorId: demo.ownerId },
      });
    await db.insert(activityLog).values({
      storeId: demo.id,
      actorId: demo.ownerId,
      type: "price_update_confirmed",
      details: { day },
      createdAt: at,
    });
    await archivePriceList(db, demo, "confirmation", at);
    // A past day also ends with its day-end snapshot, so the archive has no gaps.
    if (day < today) await archiveDayEnd(db, demo, day);
    confirmed++;
  }
  return confirmed;
}

async function archiveDayEnd(db: Queryable, demo: typeof store.$inferSelect, day: string) {
  const [existing] = await db
    .select({ id: priceSnapshot.id })
    .from(priceSnapshot)
    .where(
      and(eq(priceSnapshot.storeId, demo.id), eq(priceSnapshot.day, day), eq(priceSnapshot.kind, "day_end")),
    )
    .limit(1);
  if (!existing) await archivePriceList(db, demo, "day_end", skopjeInstant(day, 23, 55));
}
