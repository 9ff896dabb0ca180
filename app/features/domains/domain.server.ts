import { randomBytes } from "node:crypto";
import { Resolver } from "node:dns/promises";
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { storeDomain } from "~/db/schema/domains";
import { store } from "~/db/schema/stores";
import { publicStoreCondition } from "~/features/stores/public-store.server";
import { AppError } from "~/lib/app-error";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { challengeName, normalizeDomain } from "./domain-name.server";

// Decision 0133: a store's own domain. Claimed freely, served only once the TXT record
// `_vitrina.<domain>` carries the store's token; looked at again every day, and no longer served after
// LAPSE_DAYS without the record. Writes go through the app's own connection with the store's id from
// the session: the store's role has no grant on the table.

export const LAPSE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type StoreDomain = typeof storeDomain.$inferSelect;

/** Looks up the TXT strings of a name; each record's chunks joined. Throws on a failed lookup. */
export type TxtLookup = (name: string) => Promise<string[]>;

/** Node's resolver; DNS_SERVERS (comma-separated, "host" or "host:port") chooses its servers. */
export function systemTxtLookup(servers = process.env.DNS_SERVERS): TxtLookup {
  return async (name) => {
    const resolver = new Resolver({ timeout: 3000, tries: 2 });
    const list = (servers ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.length > 0) resolver.setServers(list);
    try {
      const records = await resolver.resolveTxt(name);
      return records.map((chunks) => chunks.join(""));
    } catch (error) {
      const code = (error as { code?: string }).code;
      // No such name, or no TXT at it: the record is simply not there.
      if (code === "ENOTFOUND" || code === "ENODATA") return [];
      throw error;
    }
  };
}

/** The TXT value a store's record must carry. */
export function recordValue(token: string): string {
  return `vitrina-verification=${token}`;
}

export async function getStoreDomain(db: Queryable, storeId: string): Promise<StoreDomain | null> {
  const [row] = await db.select().from(storeDomain).where(eq(storeDomain.storeId, storeId));
  return row ?? null;
}

/** True when this domain is verified for a store other than `storeId`. */
async function heldElsewhere(db: Queryable, domain: string, storeId: string): Promise<boolean> {
  const [row] = await db
    .select({ storeId: storeDomain.storeId })
    .from(storeDomain)
    .where(
      and(
        eq(storeDomain.domain, domain),
        isNotNull(storeDomain.verifiedAt),
        ne(storeDomain.storeId, storeId),
      ),
    );
  return Boolean(row);
}

/** Names the store's domain (replacing the one it had); unverified until checkDomain finds the record. */
export async function claimDomain(
  db: Queryable,
  storeId: string,
  input: string,
  platform: { rootDomain: string; baseUrl: string },
): Promise<StoreDomain> {
  const normal = normalizeDomain(input, platform);
  if ("problem" in normal)
    throw new AppError(normal.problem, { fields: { domain: `errors:${normal.problem}` } });
  const { domain } = normal;
  if (await heldElsewhere(db, domain, storeId)) {
    throw new AppError("domainTaken", { fields: { domain: "errors:domainTaken" } });
  }
  const current = await getStoreDomain(db, storeId);
  if (current?.domain === domain) return current;
  const token = randomBytes(16).toString("hex");
  const [row] = await db
    .insert(storeDomain)
    .values({ storeId, domain, token })
    .onConflictDoUpdate({
      target: storeDomain.storeId,
      set: { domain, token, verifiedAt: null, lastSeenAt: null, checkedAt: null, createdAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function removeDomain(db: Queryable, storeId: string): Promise<void> {
  await db.delete(storeDomain).where(eq(storeDomain.storeId, storeId));
}

/** "Check now": at most 6 lookups a store in 10 minutes (each one reaches a DNS server). */
const checkLimiter = createRateLimiter({ limit: 6, windowMs: 10 * 60 * 1000 });

/**
 * Looks the record up now. Found: the domain is verified (and stays so). Not found: the check is
 * recorded; a verified domain stays served until the daily check has missed it for LAPSE_DAYS.
 */
export async function checkDomain(
  db: Queryable,
  storeId: string,
  options: { now: Date; lookup?: TxtLookup; limited?: boolean },
): Promise<{ found: boolean; row: StoreDomain }> {
  const row = await getStoreDomain(db, storeId);
  if (!row) throw new AppError("notFound");
  if (options.limited !== false && !checkLimiter.allow(storeId, options.now.getTime())) {
    throw new AppError("rateLimited");
  }
  const found = await hasRecord(row, options.lookup ?? systemTxtLookup());
  if (!found) {
    const [updated] = await db
      .update(storeDomain)
      .set({ checkedAt: options.now })
      .where(and(eq(storeDomain.storeId, storeId), eq(storeDomain.domain, row.domain)))
      .returning();
    return { found, row: updated ?? row };
  }
  if (await heldElsewhere(db, row.domain, storeId)) {
    throw new AppError("domainTaken", { fields: { domain: "errors:domainTaken" } });
  }
  try {
    const [updated] = await db
      .update(storeDomain)
      .set({
        verifiedAt: sql`coalesce(${storeDomain.verifiedAt}, ${options.now.toISOString()}::timestamptz)`,
        lastSeenAt: options.now,
        checkedAt: options.now,
      })
      .where(and(eq(storeDomain.storeId, storeId), eq(storeDomain.domain, row.domain)))
      .returning();
    return { found, row: updated ?? row };
  } catch (error) {
    // Two stores proving the same name at once: the unique index lets one hold it.
    if (isUniqueViolation(error)) {
      throw new AppError("domainTaken", { fields: { domain: "errors:domainTaken" }, cause: error });
    }
    throw error;
  }
}

async function hasRecord(row: StoreDomain, lookup: TxtLookup): Promise<boolean> {
  let values: string[];
  try {
    values = await lookup(challengeName(row.domain));
  } catch (error) {
    throw new AppError("domainLookupFailed", { cause: error });
  }
  const wanted = recordValue(row.token);
  return values.some((value) => value.trim() === wanted);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

/**
 * The daily check of every verified domain: found → seen now; missing for LAPSE_DAYS → no longer
 * verified (no longer served, and free for another store to prove). A failed lookup counts as missing.
 */
export async function recheckDomains(
  db: Queryable,
  now: Date,
  lookup: TxtLookup = systemTxtLookup(),
): Promise<{ seen: number; lapsed: number }> {
  const rows = await db.select().from(storeDomain).where(isNotNull(storeDomain.verifiedAt));
  let seen = 0;
  let lapsed = 0;
  for (const row of rows) {
    const found = await hasRecord(row, lookup).catch(() => false);
    if (found) {
      seen++;
      await db
        .update(storeDomain)
        .set({ lastSeenAt: now, checkedAt: now })
        .where(eq(storeDomain.storeId, row.storeId));
      continue;
    }
    const lastSeen = row.lastSeenAt ?? row.verifiedAt ?? now;
    const gone = now.getTime() - lastSeen.getTime() >= LAPSE_DAYS * DAY_MS;
    if (gone) lapsed++;
    await db
      .update(storeDomain)
      .set(gone ? { checkedAt: now, verifiedAt: null } : { checkedAt: now })
      .where(eq(storeDomain.storeId, row.storeId));
  }
  return { seen, lapsed };
}

export type ServedDomain = { domain: string; storeId: string; username: string };

/** Every domain served now: verified, of a store the public may see. */
export async function servedDomains(db: Queryable): Promise<ServedDomain[]> {
  return db
    .select({ domain: storeDomain.domain, storeId: storeDomain.storeId, username: store.username })
    .from(storeDomain)
    .innerJoin(store, eq(store.id, storeDomain.storeId))
    .where(and(isNotNull(storeDomain.verifiedAt), publicStoreCondition()));
}

/** What Settings → store shows of the store's domain. */
export function domainView(row: StoreDomain) {
  return {
    domain: row.domain,
    verified: row.verifiedAt !== null,
    recordName: challengeName(row.domain),
    recordValue: recordValue(row.token),
    checkedAt: row.checkedAt?.toISOString() ?? null,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  };
}
