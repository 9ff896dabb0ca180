import { createHash, sign } from "node:crypto";
import { and, asc, desc, eq, gte, isNull, lte, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { priceConfirmation, priceSnapshot } from "~/db/schema/compliance";
import { pointOfSale } from "~/db/schema/points-of-sale";
import { priceSeal } from "~/db/schema/seals";
import { store } from "~/db/schema/stores";
import { fromJson } from "~/features/feeds/serialize";
import { getArchivedFile } from "~/features/feeds/snapshot.server";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { skopjeDay } from "~/lib/calendar";
import { chainedBytes, type Seal, sealText, signedBytes, type UnsignedSeal } from "./seal";
import type { SealKeys } from "./seal-keys.server";

export function sha256Hex(bytes: string | Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Signs a seal with the active key: Ed25519 over its canonical bytes, base64url. */
export function signSeal(unsigned: Omit<UnsignedSeal, "kid">, keys: Pick<SealKeys, "active">): Seal {
  const withKid: UnsignedSeal = { ...unsigned, kid: keys.active.kid };
  const signature = sign(null, signedBytes(withKid), keys.active.privateKey).toString("base64url");
  return { ...withKid, signature };
}

type Point = {
  id: string;
  slug: string;
  createdAt: Date;
  closedAt: Date | null;
  closures: { closedAt: string; reopenedAt: string }[];
};

/** One chain's rows: the store's own list (no point of sale), or one point of sale's. */
function chainOf(storeId: string, pointOfSaleId: string | null) {
  return and(
    eq(priceSeal.storeId, storeId),
    pointOfSaleId ? eq(priceSeal.pointOfSaleId, pointOfSaleId) : isNull(priceSeal.pointOfSaleId),
  );
}

/** The last seal of a chain (the store's list, or one point of sale's). */
async function lastSeal(db: Queryable, storeId: string, pointOfSaleId: string | null) {
  const [row] = await db
    .select({ day: priceSeal.day, digest: priceSeal.digest })
    .from(priceSeal)
    .where(chainOf(storeId, pointOfSaleId))
    .orderBy(desc(priceSeal.day))
    .limit(1);
  return row ?? null;
}

async function confirmedAtOf(db: Queryable, storeId: string, day: string): Promise<string | null> {
  const [row] = await db
    .select({ answeredAt: priceConfirmation.answeredAt })
    .from(priceConfirmation)
    .where(
      and(
        eq(priceConfirmation.storeId, storeId),
        eq(priceConfirmation.day, day),
        eq(priceConfirmation.status, "confirmed"),
      ),
    );
  return row?.answeredAt.toISOString() ?? null;
}

/** Seals the days of one chain after its last seal, in order; returns how many it sealed. */
async function sealChain(
  db: Queryable,
  keys: SealKeys,
  now: Date,
  owner: { id: string; username: string },
  point: Point | null,
  days: string[],
): Promise<number> {
  const last = await lastSeal(db, owner.id, point?.id ?? null);
  let previous = last?.digest ?? null;
  let sealed = 0;
  for (const day of days) {
    if (last && day <= last.day) continue;
    const json = await getArchivedFile(db, owner.id, day, "json", DEFAULT_LOCALE, point ?? undefined);
    const csv = await getArchivedFile(db, owner.id, day, "csv", DEFAULT_LOCALE, point ?? undefined);
    if (!json || !csv) continue;
    const seal = signSeal(
      {
        store: owner.username,
        pointOfSale: point?.slug ?? null,
        day,
        files: { json: { sha256: sha256Hex(json.body) }, csv: { sha256: sha256Hex(csv.body) } },
        confirmedAt: await confirmedAtOf(db, owner.id, day),
        previous,
        // Made after its day had ended: said so, inside what is signed.
        ...(skopjeDay(now) > day ? { sealedAt: now.toISOString() } : {}),
      },
      keys,
    );
    const digest = sha256Hex(chainedBytes(seal));
    await db.insert(priceSeal).values({
      storeId: owner.id,
      pointOfSaleId: point?.id ?? null,
      day,
      seal: sealText(seal),
      digest,
      json: Buffer.from(json.body, "utf8"),
      csv: Buffer.from(csv.body, "utf8"),
      snapshotAt: json.createdAt,
      createdAt: now,
    });
    previous = digest;
    sealed++;
  }
  return sealed;
}

/**
 * Seals every archived day up to `through` that is not sealed yet, per store and per point of sale,
 * oldest first so each chain stays whole. One store at a time, under a lock, so two instances (or
 * the day-end job and the catch-up) never fork a chain.
 */
export async function sealArchivedDays(
  db: Queryable,
  keys: SealKeys,
  now: Date,
  through: string,
): Promise<number> {
  const owners = await db
    .selectDistinct({ id: store.id, username: store.username })
    .from(store)
    .innerJoin(priceSnapshot, eq(priceSnapshot.storeId, store.id))
    .where(lte(priceSnapshot.day, through));
  let sealed = 0;
  for (const owner of owners) {
    sealed += await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`price-seal:${owner.id}`}))`);
      const days = (
        await tx
          .selectDistinct({ day: priceSnapshot.day })
          .from(priceSnapshot)
          .where(and(eq(priceSnapshot.storeId, owner.id), lte(priceSnapshot.day, through)))
          .orderBy(asc(priceSnapshot.day))
      ).map((row) => row.day);
      let count = await sealChain(tx, keys, now, owner, null, days);
      const points = await tx
        .select({
          id: pointOfSale.id,
          slug: pointOfSale.slug,
          createdAt: pointOfSale.createdAt,
          closedAt: pointOfSale.closedAt,
          closures: pointOfSale.closures,
        })
        .from(pointOfSale)
        .where(eq(pointOfSale.storeId, owner.id))
        .orderBy(asc(pointOfSale.createdAt));
      for (const point of points) count += await sealChain(tx, keys, now, owner, point, days);
      // /{username}/prices links only the days that have a seal, and is held in memory per store
      // version (decision 0108): a new seal is a new version, as a new archived day is.
      if (count > 0)
        await tx
          .update(store)
          .set({ version: sql`${store.version} + 1` })
          .where(eq(store.id, owner.id));
      return count;
    });
  }
  return sealed;
}

/** A seal as served, or null. */
export async function getSeal(db: Queryable, storeId: string, pointOfSaleId: string | null, day: string) {
  const [row] = await db
    .select({ seal: priceSeal.seal, createdAt: priceSeal.createdAt })
    .from(priceSeal)
    .where(and(chainOf(storeId, pointOfSaleId), eq(priceSeal.day, day)));
  return row ?? null;
}

/** A sealed day's file, the very bytes the seal's hashes cover; null when the day is not sealed. */
export async function getSealedFile(
  db: Queryable,
  storeId: string,
  pointOfSaleId: string | null,
  day: string,
  format: "json" | "csv",
): Promise<{ body: Buffer; createdAt: Date } | null> {
  const [row] = await db
    .select({ json: priceSeal.json, csv: priceSeal.csv, snapshotAt: priceSeal.snapshotAt })
    .from(priceSeal)
    .where(and(chainOf(storeId, pointOfSaleId), eq(priceSeal.day, day)));
  if (!row) return null;
  return { body: format === "json" ? row.json : row.csv, createdAt: row.snapshotAt };
}

/**
 * The days of one store's chains that have a seal, from `since` on, newest first: the store's own
 * list, and each point of sale's by its slug. What /{username}/prices links a seal for.
 */
export async function listSealedDays(
  db: Queryable,
  storeId: string,
  since: string,
): Promise<{ store: string[]; points: Record<string, string[]> }> {
  const rows = await db
    .select({ day: priceSeal.day, slug: pointOfSale.slug })
    .from(priceSeal)
    .leftJoin(
      pointOfSale,
      and(eq(pointOfSale.storeId, priceSeal.storeId), eq(pointOfSale.id, priceSeal.pointOfSaleId)),
    )
    .where(and(eq(priceSeal.storeId, storeId), gte(priceSeal.day, since)))
    .orderBy(desc(priceSeal.day));
  const sealed: { store: string[]; points: Record<string, string[]> } = { store: [], points: {} };
  for (const row of rows) {
    if (!row.slug) sealed.store.push(row.day);
    else sealed.points[row.slug] = [...(sealed.points[row.slug] ?? []), row.day];
  }
  return sealed;
}

/**
 * A sealed day as an inspector reads it: its seal and the list read back from the very JSON bytes
 * the seal covers (never rebuilt from the database), of this store's (or point's) chain only.
 */
export async function getSealedDay(
  db: Queryable,
  storeId: string,
  pointOfSaleId: string | null,
  day: string,
) {
  const [row] = await db
    .select({ seal: priceSeal.seal, json: priceSeal.json })
    .from(priceSeal)
    .where(and(chainOf(storeId, pointOfSaleId), eq(priceSeal.day, day)));
  if (!row) return null;
  return { seal: JSON.parse(row.seal) as Seal, list: fromJson(row.json.toString("utf8")) };
}
