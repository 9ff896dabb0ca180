import { and, desc, eq, lte } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { priceSnapshot } from "~/db/schema/compliance";
import { hasPointOfSaleDifferences } from "~/features/points-of-sale/overrides.server";
import { closingOnDay } from "~/features/points-of-sale/point-of-sale-closing.server";
import {
  archivePointOfSaleLists,
  getPointOfSaleSnapshot,
} from "~/features/points-of-sale/point-of-sale-prices.server";
import type { Store } from "~/features/stores/store.server";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { skopjeDay } from "~/lib/calendar";
import { buildPriceList } from "./price-list.server";
import { fromJson, toCsv, toJson } from "./serialize";

/** How long the dated archive answers (promised for 400 days, decision 0010); older snapshots may go. */
export const ARCHIVE_DAYS = 400;
/**
 * How long snapshots are actually kept before the retention job deletes them: the promise plus a
 * margin (docs/decisions/0010-snapshot-retention.md).
 */
export const SNAPSHOT_RETENTION_DAYS = 430;

/**
 * Stores the price list exactly as it is public now, as that Skopje day's latest snapshot; with
 * `at` (an earlier instant), the list as it was public then, archived now on `at`'s day.
 */
export async function archivePriceList(
  db: Queryable,
  store: Pick<
    Store,
    "id" | "username" | "name" | "companyName" | "active" | "updatedAt" | "albanianContent" | "address"
  >,
  kind: "confirmation" | "day_end",
  now: Date,
  at: Date = now,
): Promise<void> {
  const list = await buildPriceList(db, store, at);
  await db.insert(priceSnapshot).values({
    storeId: store.id,
    day: skopjeDay(at),
    kind,
    productCount: list.products.length,
    // The CSV as published in the store's language; the archive serves CSVs built from the JSON.
    csv: toCsv(list, getFixedT(DEFAULT_LOCALE)),
    json: toJson(list),
    createdAt: now,
  });
  // Each point of sale's list too, whenever one can differ from the store's; otherwise a
  // point of sale's archive is the store's (getArchivedFile).
  // Each as public at `at` and on `at`'s day, like the store's (the day-end catch-up archives
  // yesterday's lists the next morning: they belong to yesterday, with yesterday's promotions).
  if (await hasPointOfSaleDifferences({ db, storeId: store.id })) {
    await archivePointOfSaleLists(db, store, skopjeDay(at), now, toJson, at);
  }
}

/**
 * The last snapshot taken on that day: what was public at the day's end (or its last
 * confirmation); with `notAfter`, the last taken by then.
 */
export async function getSnapshot(db: Queryable, storeId: string, day: string, notAfter?: Date) {
  const [row] = await db
    .select({ csv: priceSnapshot.csv, json: priceSnapshot.json, createdAt: priceSnapshot.createdAt })
    .from(priceSnapshot)
    .where(
      and(
        eq(priceSnapshot.storeId, storeId),
        eq(priceSnapshot.day, day),
        notAfter ? lte(priceSnapshot.createdAt, notAfter) : undefined,
      ),
    )
    .orderBy(desc(priceSnapshot.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * A day's archived file: the JSON as stored, the CSV built from that JSON in the language asked
 * for, so every day (also those archived before CSVs spoke mk, sq and en) reads in any of them.
 */
export async function getArchivedFile(
  db: Queryable,
  storeId: string,
  day: string,
  format: "csv" | "json",
  locale: Locale,
  /** A point of sale's archive: its own snapshot, else the store's when none was needed. */
  pointOfSale?: {
    id: string;
    createdAt: Date;
    closedAt?: Date | null;
    closures?: { closedAt: string; reopenedAt: string }[] | null;
  },
): Promise<{ body: string; createdAt: Date } | null> {
  // A closed point of sale (decision 0085) has no list of the days it was closed, also once it
  // has been reopened (decision 0095); on the day it closed, only the lists up to its closing.
  const closing = pointOfSale ? closingOnDay(pointOfSale, day) : null;
  if (closing === "closed") return null;
  const closedAt = closing ?? undefined;
  const own = pointOfSale ? await getPointOfSaleSnapshot(db, storeId, pointOfSale.id, day, closedAt) : null;
  // A point of sale opened after that day has no list of that day.
  if (pointOfSale && !own && skopjeDay(pointOfSale.createdAt) > day) return null;
  // The store's lists after it closed are not the closed point's.
  const storeWide = await getSnapshot(db, storeId, day, closedAt);
  // The day's last list: the point's own, unless the store's was archived after it (each archive
  // stores the points' lists beside the store's whenever one can differ, so a later store snapshot
  // alone means the point's list was the store's by then, e.g. its own prices were removed).
  const snapshot = own && (!storeWide || own.createdAt >= storeWide.createdAt) ? own : storeWide;
  if (!snapshot) return null;
  const body = format === "json" ? snapshot.json : toCsv(fromJson(snapshot.json), getFixedT(locale));
  return { body, createdAt: snapshot.createdAt };
}

/** The most recent archived days of a store, newest first. */
export async function listArchivedDays(db: Queryable, storeId: string, limit = 14): Promise<string[]> {
  const rows = await db
    .selectDistinct({ day: priceSnapshot.day })
    .from(priceSnapshot)
    .where(eq(priceSnapshot.storeId, storeId))
    .orderBy(desc(priceSnapshot.day))
    .limit(limit);
  return rows.map((row) => row.day);
}
