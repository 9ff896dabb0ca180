import { and, eq, getTableColumns, gt, ne, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { store, usernameRedirect } from "~/db/schema/stores";
import { AppError } from "~/lib/app-error";
import { usernameProblem } from "~/lib/slug";

export type Store = typeof store.$inferSelect;

export async function getStoreByOwner(db: Queryable, ownerId: string): Promise<Store | null> {
  const [row] = await db.select().from(store).where(eq(store.ownerId, ownerId)).limit(1);
  return row ?? null;
}

/**
 * Every column but the phone and the tax number, and for the phone what a visitor may see: the
 * public pages' role may not read `phone` (decision 0120), so a store that keeps its phone private
 * answers "" here; nor `tax_number`, which only the owner's invoice prints (decision 0129).
 */
const { phone: _privatePhone, taxNumber: _privateTaxNumber, ...publicColumns } = getTableColumns(store);
const visibleColumns = {
  ...publicColumns,
  phone: sql<string>`coalesce(${store.publicPhone}, '')`,
  taxNumber: sql<string | null>`null`,
};

/** A store by its address, as the public sees it (the phone only when it is public). */
export async function getStoreByUsername(db: Queryable, username: string): Promise<Store | null> {
  const [row] = await db
    .select(visibleColumns)
    .from(store)
    .where(eq(store.username, username.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export type UsernameAvailability = { available: boolean; problem: string | null };

/**
 * Free for this owner? A name another store uses, or left less than 90 days ago (its old address
 * still redirects there), is taken; the asking store's own current or old name is not.
 */
export async function checkUsername(
  db: Queryable,
  username: string,
  ownStoreId?: string,
  now: Date = new Date(),
): Promise<UsernameAvailability> {
  const value = username.trim().toLowerCase();
  const problem = usernameProblem(value);
  if (problem) return { available: false, problem };
  const taken = await getStoreByUsername(db, value);
  if (taken && taken.id !== ownStoreId) return { available: false, problem: "taken" };
  const [redirected] = await db
    .select({ storeId: usernameRedirect.storeId })
    .from(usernameRedirect)
    .where(
      and(
        eq(usernameRedirect.oldUsername, value),
        gt(usernameRedirect.expiresAt, now),
        ownStoreId ? ne(usernameRedirect.storeId, ownStoreId) : undefined,
      ),
    )
    .limit(1);
  return redirected ? { available: false, problem: "taken" } : { available: true, problem: null };
}

/** A taken username, on the form's username field (a check or the unique index said so). */
export function usernameTaken(cause?: unknown): AppError {
  return new AppError("usernameUnavailable", { fields: { username: "errors:usernameUnavailable" }, cause });
}

/** Refuses a username that is not free for this store (on the form's username field). */
export async function assertUsernameFree(db: Queryable, username: string, storeId?: string): Promise<void> {
  const availability = await checkUsername(db, username, storeId);
  if (!availability.available) throw usernameTaken();
}
