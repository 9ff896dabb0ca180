import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { storeImage } from "~/db/schema/store-images";
import { IMAGE_VARIANTS } from "~/features/images/image-variants";
import { AppError } from "~/lib/app-error";
import { getConfig } from "~/lib/config.server";
import type { StoreContext } from "~/lib/service-context";

// The ledger of a store's stored images (decision 0059): a row is written, under the store's lock,
// before any file is, so two parallel uploads can never both fit in the last free megabytes.

// First key of the two-key advisory lock that serialises one store's uploads ("VIMG").
const LEDGER_LOCK_NAMESPACE = 0x56494d47;

let limitOverride: number | null = null;

/** How many bytes of images one store may keep (STORE_STORAGE_LIMIT_MB). */
export function storageLimitBytes(): number {
  return limitOverride ?? getConfig().storeStorageLimitBytes;
}

/** Tests set a small limit, and restore the configured one with null. */
export function setStorageLimitForTests(bytes: number | null): void {
  limitOverride = bytes;
}

export async function storageUsedBytes(db: Queryable, storeId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${storeImage.bytes}), 0)` })
    .from(storeImage)
    .where(eq(storeImage.storeId, storeId));
  return Number(row?.used ?? 0);
}

export type LedgerEntry = {
  key: string;
  kind: "product" | "logo";
  bytes: number;
  width: number;
  height: number;
};

/**
 * Records an image about to be stored, refusing it when the store's images would pass the limit.
 * The check and the insert run in one transaction under the store's advisory lock.
 */
export async function reserveImage(ctx: StoreContext, entry: LedgerEntry): Promise<void> {
  const limit = storageLimitBytes();
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK_NAMESPACE}, hashtext(${ctx.storeId}))`);
    const used = await storageUsedBytes(tx, ctx.storeId);
    if (used + entry.bytes > limit) {
      throw new AppError("storageLimitExceeded", {
        params: { limit: Math.round(limit / (1024 * 1024)) },
      });
    }
    await tx.insert(storeImage).values({ storeId: ctx.storeId, ...entry });
  });
}

/** Forgets an image whose files are gone (or were never written). */
export async function releaseImage(ctx: StoreContext, key: string): Promise<void> {
  await ctx.db.delete(storeImage).where(and(eq(storeImage.storeId, ctx.storeId), eq(storeImage.key, key)));
}

/**
 * The images stored before the ledger were recorded with 0 bytes (migration 0012), so they
 * counted nothing against the limit. At start, each such row gets the real size of its files, read
 * from the storage (a stat on disk, a HEAD on S3), in batches. A row whose files are all missing stays
 * at 0 and is not asked again in this run. Returns how many rows were measured.
 */
export async function backfillImageBytes(
  db: Queryable,
  storage: { size(key: string): Promise<number | null> },
  options: { batch?: number } = {},
): Promise<number> {
  const batch = options.batch ?? 200;
  let measured = 0;
  let after = "";
  for (;;) {
    const rows = await db
      .select({ id: storeImage.id, key: storeImage.key, kind: storeImage.kind })
      .from(storeImage)
      .where(and(eq(storeImage.bytes, 0), sql`${storeImage.key} > ${after}`))
      .orderBy(storeImage.key)
      .limit(batch);
    if (rows.length === 0) return measured;
    for (const row of rows) {
      const sizes = await Promise.all(
        IMAGE_VARIANTS[row.kind].map((variant) => storage.size(`${row.key}-${variant.suffix}.webp`)),
      );
      const bytes = sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0);
      if (bytes > 0) {
        await db.update(storeImage).set({ bytes }).where(eq(storeImage.id, row.id));
        measured++;
      }
    }
    after = rows.at(-1)!.key;
  }
}
