import { and, eq, gt, ne } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { user } from "~/db/schema/auth";
import { store, usernameRedirect } from "~/db/schema/stores";
import { AppError } from "~/lib/app-error";
import { usernameProblem } from "~/lib/slug";
import type { OnboardingInput } from "./store.schema";

export type Store = typeof store.$inferSelect;

export async function getStoreByOwner(db: Queryable, ownerId: string): Promise<Store | null> {
  const [row] = await db.select().from(store).where(eq(store.ownerId, ownerId)).limit(1);
  return row ?? null;
}

export async function getStoreByUsername(db: Queryable, username: string): Promise<Store | null> {
  const [row] = await db.select().from(store).where(eq(store.username, username.toLowerCase())).limit(1);
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

/** Finishing onboarding: the store exists and the owner is onboarded, together or not at all. */
export async function createStore(db: Queryable, ownerId: string, input: OnboardingInput): Promise<Store> {
  const existing = await getStoreByOwner(db, ownerId);
  if (existing) throw new AppError("conflict");
  const availability = await checkUsername(db, input.username);
  if (!availability.available)
    throw new AppError("usernameUnavailable", { fields: { username: "errors:usernameUnavailable" } });
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(store)
        .values({
          ownerId,
          username: input.username,
          name: input.storeName,
          phone: input.phone,
          phonePublic: input.phonePublic,
          companyName: input.companyName,
        })
        .returning();
      await tx.update(user).set({ onboarded: true, updatedAt: new Date() }).where(eq(user.id, ownerId));
      return created!;
    });
  } catch (error) {
    // Two owners racing for one name: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError("usernameUnavailable", { cause: error });
    throw new AppError("setupFailed", { cause: error });
  }
}
