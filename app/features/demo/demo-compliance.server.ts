import { eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { activityLog } from "~/db/schema/activity";
import { priceConfirmation, priceSnapshot, productReport } from "~/db/schema/compliance";
import { pointOfSaleSnapshot } from "~/db/schema/points-of-sale";
import { store } from "~/db/schema/stores";
import { archivePriceList } from "~/features/feeds/snapshot.server";
import { addDays, skopjeDay, skopjeInstant } from "~/lib/calendar";

// The demo store shows every compliance state to a newcomer — a month of confirmations
// (mostly confirmed, one skipped, one missed), archived price lists, open and resolved reports.
// Today is left unanswered: the demo's morning job (demo-morning.server.ts) confirms it between
// 07:00 and 09:30, at once when the server starts later than that.

export async function seedDemoCompliance(
  tx: Queryable,
  demo: { storeId: string; userId: string; products: { id: string; name: string }[] },
  now: Date,
): Promise<void> {
  const today = skopjeDay(now);
  const [row] = await tx
    .update(store)
    .set({ createdAt: skopjeInstant(addDays(today, -40), 9, 0) })
    .where(eq(store.id, demo.storeId))
    .returning();
  const skippedDay = addDays(today, -6);
  const missedDay = addDays(today, -13);
  for (let offset = 30; offset >= 1; offset--) {
    const day = addDays(today, -offset);
    // Every day also ends with a day-end snapshot (the 23:55 job), so the archive has no gaps.
    const dayEnd = skopjeInstant(day, 23, 55);
    if (day === missedDay) {
      await tx
        .insert(priceConfirmation)
        .values({ storeId: demo.storeId, day, status: "missed", answeredAt: skopjeInstant(day, 10, 0) });
      await archivePriceList(tx, row!, "day_end", dayEnd);
      continue;
    }
    const answeredAt = skopjeInstant(day, 7 + (offset % 3), (offset * 7) % 60);
    if (day === skippedDay) {
      await tx
        .insert(priceConfirmation)
        .values({ storeId: demo.storeId, day, status: "skipped", answeredAt, actorId: demo.userId });
      await archivePriceList(tx, row!, "day_end", dayEnd);
      continue;
    }
    await tx
      .insert(priceConfirmation)
      .values({ storeId: demo.storeId, day, status: "confirmed", answeredAt, actorId: demo.userId });
    await tx.insert(activityLog).values({
      storeId: demo.storeId,
      actorId: demo.userId,
      type: "price_update_confirmed",
      details: { day },
      createdAt: answeredAt,
    });
    await archivePriceList(tx, row!, "confirmation", answeredAt);
    // Nothing changes after the morning's "yes": the day ends with the same list.
    await tx.execute(sql`
      insert into ${priceSnapshot} (store_id, day, kind, product_count, csv, json, created_at)
      select store_id, day, 'day_end', product_count, csv, json, ${dayEnd.toISOString()}
      from ${priceSnapshot} where store_id = ${demo.storeId} and day = ${day} and kind = 'confirmation'`);
    // Each point of sale's list too: the day's last snapshot of a point is its own (decision 0086).
    await tx.execute(sql`
      insert into ${pointOfSaleSnapshot} (store_id, point_of_sale_id, day, json, created_at)
      select store_id, point_of_sale_id, day, json, ${dayEnd.toISOString()}
      from ${pointOfSaleSnapshot} where store_id = ${demo.storeId} and day = ${day}`);
  }
  const [first, second, third, fourth] = demo.products;
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  await tx.insert(productReport).values([
    {
      storeId: demo.storeId,
      productId: first!.id,
      productName: first!.name,
      reasons: ["price"],
      description: "На полицата цената е 10 денари пониска.",
      visitorKey: "demo-1",
      createdAt: hoursAgo(3),
    },
    {
      storeId: demo.storeId,
      productId: second!.id,
      productName: second!.name,
      reasons: ["image", "other"],
      description: "Сликата е од друго пакување (1 л наместо 2 л).",
      visitorKey: "demo-2",
      createdAt: hoursAgo(30),
    },
    {
      storeId: demo.storeId,
      productId: third!.id,
      productName: third!.name,
      reasons: ["price"],
      description: "",
      status: "resolved",
      visitorKey: "demo-3",
      createdAt: hoursAgo(24 * 5),
      resolvedAt: hoursAgo(24 * 5 - 4),
    },
    {
      storeId: demo.storeId,
      productId: fourth!.id,
      productName: fourth!.name,
      reasons: ["other"],
      description: "Производот го нема веќе неколку дена.",
      status: "resolved",
      visitorKey: "demo-4",
      createdAt: hoursAgo(24 * 12),
      resolvedAt: hoursAgo(24 * 11),
    },
  ]);
}
