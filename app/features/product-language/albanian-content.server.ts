import { eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { store } from "~/db/schema/stores";
import type { StoreContext } from "~/lib/service-context";

// The store setting "products also in Albanian" (decision 0074). While it is off, the
// product form hides the Albanian fields and every write path ignores Albanian values posted to it
// (the stored ones are kept, so turning it on again brings them back); public paths show Macedonian.

/** Whether the store has Albanian product content enabled. */
export async function albanianContentEnabled(db: Queryable, storeId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: store.albanianContent })
    .from(store)
    .where(eq(store.id, storeId))
    .limit(1);
  return row?.enabled ?? false;
}

/** Turns Albanian product content on or off for the signed-in owner's store. */
export async function setAlbanianContent(ctx: StoreContext, enabled: boolean): Promise<void> {
  // A store row update moves store.version (trigger, decision 0016): cached pages and feeds follow.
  await ctx.db
    .update(store)
    .set({ albanianContent: enabled, updatedAt: new Date() })
    .where(eq(store.id, ctx.storeId));
}
