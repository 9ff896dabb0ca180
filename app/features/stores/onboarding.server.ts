// Onboarding in five steps (decision 0014): store name → phone → company (address, logo) →
// first products → an image per product. Each step is saved when the owner moves on, so leaving
// and coming back resumes at the step reached. The store stays off the public page
// (onboardingStep not null) until finishOnboarding, which needs every required step.
import { asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { user } from "~/db/schema/auth";
import { product } from "~/db/schema/catalog";
import { store } from "~/db/schema/stores";
import type { StoreAddress } from "~/features/address/address";
import { TRIAL_MONTHS } from "~/features/billing/plans";
import type { ProductInput } from "~/features/catalog/product.schema";
import { createProduct } from "~/features/catalog/product.server";
import { deleteImage } from "~/features/images/image.server";
import { AppError } from "~/lib/app-error";
import { byNameOrder } from "~/lib/name-order";
import type { StoreContext } from "~/lib/service-context";
import type { OnboardingProduct } from "./components/onboarding-images-step";
import { ONBOARDING_STEPS } from "./store.schema";
import { assertUsernameFree, getStoreByOwner, type Store, usernameTaken } from "./store.server";
import { logoChange } from "./store-logo.server";

export type CompanyDetails = {
  companyName: string;
  taxNumber?: string | null;
  address: StoreAddress;
  logoKey: string | null;
};

/** The step to show: the one reached, or an earlier one the owner went Back to. */
export function onboardingStepOf(existing: Store | null): number {
  if (!existing) return 1;
  return existing.onboardingStep ?? ONBOARDING_STEPS + 1;
}

/**
 * Step 1 creates the store, so the username is the owner's from then on and every later step
 * (logo, products, images) has a store to belong to.
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
    // Two owners racing for one name: the unique index decides.
    if (isUniqueViolation(error)) throw usernameTaken(error);
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
      ...(input.taxNumber !== undefined ? { taxNumber: input.taxNumber } : {}),
      address: input.address,
      ...(logo.changed ? { logoKey: logo.key } : {}),
    },
    4,
  );
  if (logo.changed && logo.previous) await deleteImage(ctx, logo.previous, "logo");
  return updated;
}

/**
 * Step 4: the quick products and the step, all in one transaction. A failure on any row keeps
 * none of them, so submitting again cannot duplicate the rows saved before it.
 */
export async function saveQuickProducts(ctx: StoreContext, products: ProductInput[]) {
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    for (const input of products) await createProduct(inTx, input);
    return advance(inTx, {}, 5);
  });
}

/** Step 4 skipped: no products now. */
export function skipQuickProducts(ctx: StoreContext) {
  return advance(ctx, {}, 5);
}

/**
 * The product onboarding step 5 stands at ("Product X of Y"), in the lists' name order, and how
 * many the store has: an imported store has hundreds, every one of them reachable, and only the
 * one shown is read.
 */
export async function onboardingProductAt(
  ctx: StoreContext,
  index: number,
): Promise<{ total: number; index: number; product: OnboardingProduct | null }> {
  const total = await countOnboardingProducts(ctx);
  const at = Math.min(Math.max(Math.trunc(index) || 0, 0), Math.max(total - 1, 0));
  if (total === 0) return { total, index: at, product: null };
  const [row] = await ctx.db
    .select({ id: product.id, name: product.name, imageUrl: product.imageUrl })
    .from(product)
    .where(eq(product.storeId, ctx.storeId))
    .orderBy(byNameOrder(product.nameOrder), asc(product.id))
    .offset(at)
    .limit(1);
  return { total, index: at, product: row ?? null };
}

/**
 * How many products the store has, for step 4: after an import from onboarding (decision 0124) the
 * owner goes on to their images instead of typing products again.
 */
export async function countOnboardingProducts(ctx: StoreContext): Promise<number> {
  const [row] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(product)
    .where(eq(product.storeId, ctx.storeId));
  return row?.count ?? 0;
}

/** The first required step a store has not completed (name, phone, company and address). */
export function missingOnboardingStep(existing: Store): number | null {
  if (!existing.phone) return 2;
  if (!existing.companyName || !existing.address) return 3;
  return null;
}

/**
 * The end: onboarded, the free month starts, the store goes public; together or not at all.
 * Only once every required step is saved, so a plain POST of "finish" after
 * step 1 cannot put a store with no company name or address on the public page.
 */
export async function finishOnboarding(ctx: StoreContext, now: Date = new Date()): Promise<Store> {
  const trialEndsAt = new Date(now);
  trialEndsAt.setMonth(trialEndsAt.getMonth() + TRIAL_MONTHS);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [current] = await tx.select().from(store).where(eq(store.id, ctx.storeId)).for("update");
      if (!current) throw new AppError("storeNotFound");
      if (current.onboardingStep !== null && missingOnboardingStep(current) !== null)
        throw new AppError("onboardingIncomplete");
      const [updated] = await tx
        .update(store)
        .set({
          onboardingStep: null,
          trialEndsAt: sql`coalesce(${store.trialEndsAt}, ${trialEndsAt})`,
          updatedAt: now,
        })
        .where(eq(store.id, ctx.storeId))
        .returning();
      await tx.update(user).set({ onboarded: true, updatedAt: now }).where(eq(user.id, current.ownerId));
      return updated!;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("setupFailed", { cause: error });
  }
}
