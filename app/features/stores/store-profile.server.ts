// Settings → store: the profile onboarding collected, edited on one form. A new username
// moves the public address and leaves a 90-day 301 behind (username-redirect.server.ts).
import { eq } from "drizzle-orm";
import { isUniqueViolation } from "~/db/errors";
import { store, usernameRedirect } from "~/db/schema/stores";
import type { StoreAddress } from "~/features/address/address";
import { deleteImage } from "~/features/images/image.server";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { assertUsernameFree, usernameTaken } from "./store.server";
import { logoChange } from "./store-logo.server";
import { USERNAME_REDIRECT_DAYS } from "./username-redirect.server";

export type StoreProfile = {
  storeName: string;
  username: string;
  phone: string;
  phonePublic: boolean;
  companyName: string;
  taxNumber?: string | null;
  address: StoreAddress;
  logoKey: string | null;
};

/**
 * Settings → store. A new username moves the public address; the old one answers 301 to the
 * new one for 90 days and stays reserved for this store meanwhile.
 */
export async function updateStoreProfile(ctx: StoreContext, input: StoreProfile, now: Date = new Date()) {
  await assertUsernameFree(ctx.db, input.username, ctx.storeId);
  const logo = await logoChange(ctx, input.logoKey);
  try {
    const updated = await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(store).where(eq(store.id, ctx.storeId)).for("update");
      if (!before) throw new AppError("storeNotFound");
      if (before.username !== input.username) {
        const expiresAt = new Date(now.getTime() + USERNAME_REDIRECT_DAYS * 86_400_000);
        // The store takes back an old name of its own: that name no longer redirects.
        await tx.delete(usernameRedirect).where(eq(usernameRedirect.oldUsername, input.username));
        await tx
          .insert(usernameRedirect)
          .values({ oldUsername: before.username, storeId: ctx.storeId, expiresAt })
          .onConflictDoUpdate({
            target: usernameRedirect.oldUsername,
            set: { storeId: ctx.storeId, expiresAt },
          });
        // Earlier names now point at the newest one directly (no redirect chains).
      }
      const [row] = await tx
        .update(store)
        .set({
          name: input.storeName,
          username: input.username,
          phone: input.phone,
          phonePublic: input.phonePublic,
          companyName: input.companyName,
          ...(input.taxNumber !== undefined ? { taxNumber: input.taxNumber } : {}),
          address: input.address,
          ...(logo.changed ? { logoKey: logo.key } : {}),
          updatedAt: now,
        })
        .where(eq(store.id, ctx.storeId))
        .returning();
      return row!;
    });
    if (logo.changed && logo.previous) await deleteImage(ctx, logo.previous, "logo");
    return updated;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) throw usernameTaken(error);
    throw new AppError("storeSaveFailed", { cause: error });
  }
}
