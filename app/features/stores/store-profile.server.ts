// The store profile (spec §3) through its whole life: the stepped onboarding that creates it,
// the settings screens that edit it, the username change that leaves a 90-day 301 behind, the
// business hours, and the free month that finishing onboarding starts (PRODUCT.md "Plans").
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { user } from "~/db/schema/auth";
import { product } from "~/db/schema/catalog";
import { store, usernameRedirect } from "~/db/schema/stores";
import type { StoreAddress } from "~/features/address/address";
import { deleteImage, isOwnImageKey } from "~/features/images/image.server";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import type { WeekHours } from "./hours";
import { ONBOARDING_STEPS } from "./store.schema";
import { checkUsername, getStoreByOwner, getStoreByUsername, type Store } from "./store.server";

export const USERNAME_REDIRECT_DAYS = 90;
export const TRIAL_MONTHS = 1;

export type CompanyDetails = { companyName: string; address: StoreAddress; logoKey: string | null };

/** The step to show: the one reached, or an earlier one the owner went Back to. */
export function onboardingStepOf(existing: Store | null): number {
  if (!existing) return 1;
  return existing.onboardingStep ?? ONBOARDING_STEPS + 1;
}

async function assertUsernameFree(db: Queryable, username: string, storeId?: string) {
  const availability = await checkUsername(db, username, storeId);
  if (!availability.available)
    throw new AppError("usernameUnavailable", { fields: { username: "errors:usernameUnavailable" } });
}

/**
 * Step 1 creates the store, so the username is the owner's from then on and every later step
 * (logo, products, images) has a store to belong to. It stays hidden from the public
 * (onboardingStep not null) until onboarding finishes.
 */
export async function saveStoreNameStep(
  db: Queryable,
  ownerId: string,
  input: { storeName: string; username: string },
): Promise<Store> {
  const existing = await getStoreByOwner(db, ownerId);
  await assertUsernameFree(db, input.username, existing?.id);
  try {
    if (existing) {
      const [updated] = await db
        .update(store)
        .set({
          name: input.storeName,
          username: input.username,
          onboardingStep: existing.onboardingStep === null ? null : Math.max(existing.onboardingStep, 2),
          updatedAt: new Date(),
        })
        .where(eq(store.id, existing.id))
        .returning();
      return updated!;
    }
    const [created] = await db
      .insert(store)
      .values({
        ownerId,
        username: input.username,
        name: input.storeName,
        phone: "",
        companyName: "",
        onboardingStep: 2,
      })
      .returning();
    return created!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("usernameUnavailable", { cause: error });
    throw new AppError("setupFailed", { cause: error });
  }
}

async function advance(ctx: StoreContext, values: Partial<typeof store.$inferInsert>, next: number) {
  try {
    const [updated] = await ctx.db
      .update(store)
      .set({
        ...values,
        onboardingStep: sql`case when ${store.onboardingStep} is null then null else greatest(${store.onboardingStep}, ${next}) end`,
        updatedAt: new Date(),
      })
      .where(eq(store.id, ctx.storeId))
      .returning();
    if (!updated) throw new AppError("storeNotFound");
    return updated;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("setupFailed", { cause: error });
  }
}

export function savePhoneStep(ctx: StoreContext, input: { phone: string; phonePublic: boolean }) {
  return advance(ctx, { phone: input.phone, phonePublic: input.phonePublic }, 3);
}

export async function saveCompanyStep(ctx: StoreContext, input: CompanyDetails) {
  const logo = await logoChange(ctx, input.logoKey);
  const updated = await advance(
    ctx,
    {
      companyName: input.companyName,
      address: input.address,
      ...(logo.changed ? { logoKey: logo.key } : {}),
    },
    4,
  );
  if (logo.changed && logo.previous) await deleteImage(logo.previous, "logo");
  return updated;
}

/** A logo key from the form must be one this store uploaded; an empty key keeps the current logo. */
async function logoChange(ctx: StoreContext, key: string | null) {
  const [current] = await ctx.db
    .select({ logoKey: store.logoKey })
    .from(store)
    .where(eq(store.id, ctx.storeId));
  if (!key || key === current?.logoKey) return { changed: false as const };
  if (!isOwnImageKey(ctx, key, "logo")) throw new AppError("forbidden");
  return { changed: true as const, key, previous: current?.logoKey ?? null };
}

export function markProductsStepDone(ctx: StoreContext) {
  return advance(ctx, {}, 5);
}

/** The products onboarding step 5 walks through ("Product X of Y"): the store's first ones. */
export function listOnboardingProducts(ctx: StoreContext) {
  return ctx.db
    .select({ id: product.id, name: product.name, imageUrl: product.imageUrl })
    .from(product)
    .where(eq(product.storeId, ctx.storeId))
    .orderBy(asc(product.createdAt), asc(product.name))
    .limit(50);
}

/** The end: onboarded, the free month starts, the store goes public; together or not at all. */
export async function finishOnboarding(ctx: StoreContext, now: Date = new Date()): Promise<Store> {
  const trialEndsAt = new Date(now);
  trialEndsAt.setMonth(trialEndsAt.getMonth() + TRIAL_MONTHS);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(store)
        .set({
          onboardingStep: null,
          trialEndsAt: sql`coalesce(${store.trialEndsAt}, ${trialEndsAt})`,
          updatedAt: now,
        })
        .where(eq(store.id, ctx.storeId))
        .returning();
      if (!updated) throw new AppError("storeNotFound");
      await tx.update(user).set({ onboarded: true, updatedAt: now }).where(eq(user.id, updated.ownerId));
      return updated;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("setupFailed", { cause: error });
  }
}

export type StoreProfile = {
  storeName: string;
  username: string;
  phone: string;
  phonePublic: boolean;
  companyName: string;
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
          address: input.address,
          ...(logo.changed ? { logoKey: logo.key } : {}),
          updatedAt: now,
        })
        .where(eq(store.id, ctx.storeId))
        .returning();
      return row!;
    });
    if (logo.changed && logo.previous) await deleteImage(logo.previous, "logo");
    return updated;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) throw new AppError("usernameUnavailable", { cause: error });
    throw new AppError("storeSaveFailed", { cause: error });
  }
}

export async function saveBusinessHours(ctx: StoreContext, hours: WeekHours): Promise<void> {
  try {
    const updated = await ctx.db
      .update(store)
      .set({ hours, updatedAt: new Date() })
      .where(eq(store.id, ctx.storeId))
      .returning({ id: store.id });
    if (updated.length === 0) throw new AppError("storeNotFound");
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("businessHoursSaveFailed", { cause: error });
  }
}

/** The current username an old one redirects to, while the 90 days last. */
export async function findUsernameRedirect(db: Queryable, username: string, now: Date = new Date()) {
  const [row] = await db
    .select({ username: store.username })
    .from(usernameRedirect)
    .innerJoin(store, eq(store.id, usernameRedirect.storeId))
    .where(and(eq(usernameRedirect.oldUsername, username.toLowerCase()), gt(usernameRedirect.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  // A store that now again uses this very name is served directly.
  const current = await getStoreByUsername(db, username);
  return current ? null : row.username;
}
