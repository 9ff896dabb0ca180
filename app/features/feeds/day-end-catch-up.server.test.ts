import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobRun, priceSnapshot } from "~/db/schema/compliance";
import { addProducts } from "~/features/catalog/product.test-support";
import { backdateProducts } from "~/features/catalog/raw-product-statements.test-support";
import { createTestStore, databaseOfItsOwnForThisFile } from "../../../tests/support/test-db";
import { snapshotMissedDayEnd } from "./day-end-catch-up.server";

// Decision 0080: an instance down from before 23:55 until after midnight still archives the day's end,
// once, when the list it would build is exactly what was public at the day's end.

const database = databaseOfItsOwnForThisFile();
const LONG_AGO = new Date("2026-01-05T08:00:00Z");
// 2026-11-18 00:05 in Skopje (UTC+1): yesterday is 2026-11-17.
const AFTER_MIDNIGHT = new Date("2026-11-17T23:05:00Z");
const YESTERDAY = "2026-11-17";

async function quietStore(productsUpdatedAt: Date) {
  const { ctx, storeId } = await createTestStore(database, { createdAt: LONG_AGO, updatedAt: LONG_AGO });
  // Through the writer as an import (which logs no activity for new rows); the writer stamps now(), and
  // this store's products must have last changed at a given instant of the past.
  await addProducts(ctx, [
    { name: "Леб", priceCents: 3_500 },
    { name: "Млеко", priceCents: 8_990 },
  ]);
  expect(await backdateProducts(database.db, storeId, productsUpdatedAt)).toBe(2);
  return storeId;
}

const dayEnds = (storeId: string) =>
  database.db
    .select({ productCount: priceSnapshot.productCount, createdAt: priceSnapshot.createdAt })
    .from(priceSnapshot)
    .where(
      and(
        eq(priceSnapshot.storeId, storeId),
        eq(priceSnapshot.day, YESTERDAY),
        eq(priceSnapshot.kind, "day_end"),
      ),
    );

describe("the day-end archive after a restart past midnight", () => {
  it("archives yesterday's end once for a store that did not change since midnight", async () => {
    const storeId = await quietStore(new Date("2026-11-17T15:00:00Z"));
    await snapshotMissedDayEnd({ db: database.db, now: AFTER_MIDNIGHT });
    await snapshotMissedDayEnd({ db: database.db, now: new Date("2026-11-18T05:00:00Z") });
    expect(await dayEnds(storeId)).toEqual([{ productCount: 2, createdAt: AFTER_MIDNIGHT }]);
  });

  it("leaves a store that changed after midnight to its last snapshot of that day, and says so once", async () => {
    const storeId = await quietStore(new Date("2026-11-17T23:01:00Z")); // 00:01 in Skopje
    await snapshotMissedDayEnd({ db: database.db, now: AFTER_MIDNIGHT });
    await snapshotMissedDayEnd({ db: database.db, now: new Date("2026-11-18T05:00:00Z") });
    expect(await dayEnds(storeId)).toEqual([]);
    const gaps = await database.db
      .select()
      .from(jobRun)
      .where(and(eq(jobRun.name, "price-list-day-end-gap"), eq(jobRun.runKey, `${YESTERDAY}:${storeId}`)));
    expect(gaps).toHaveLength(1);
  });

  it("does nothing from 10:00 on", async () => {
    const storeId = await quietStore(new Date("2026-11-17T15:00:00Z"));
    expect(await snapshotMissedDayEnd({ db: database.db, now: new Date("2026-11-18T09:30:00Z") })).toBe(0);
    expect(await dayEnds(storeId)).toEqual([]);
  });
});
