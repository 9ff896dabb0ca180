import { eq } from "drizzle-orm";
import { store } from "~/db/schema/stores";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import type { WeekHours } from "./hours";

/** Settings → business hours: the signed-in owner's store only. */
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
