import { eq } from "drizzle-orm";
import { store } from "~/db/schema/stores";
import { isOwnImageKey } from "~/features/images/image.server";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";

export type LogoChange = { changed: false } | { changed: true; key: string; previous: string | null };

/**
 * A logo key from a form (onboarding's company step, Settings → store) must be one this store
 * uploaded; an empty key keeps the current logo. The caller removes `previous` once saved.
 */
export async function logoChange(ctx: StoreContext, key: string | null): Promise<LogoChange> {
  const [current] = await ctx.db
    .select({ logoKey: store.logoKey })
    .from(store)
    .where(eq(store.id, ctx.storeId));
  if (!key || key === current?.logoKey) return { changed: false };
  if (!isOwnImageKey(ctx, key, "logo")) throw new AppError("forbidden");
  return { changed: true, key, previous: current?.logoKey ?? null };
}
