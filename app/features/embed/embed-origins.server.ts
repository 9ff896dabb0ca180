import { eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { store } from "~/db/schema/stores";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { EMBED_ORIGINS_MAX, parseEmbedOrigins } from "./embed-origins";

// Decision 0136: the store's declared origins, read by the embed page (public role) and the settings.

/** The origins that may frame the store's embedded list; [] when none (or no such store). */
export async function getEmbedOrigins(db: Queryable, storeId: string): Promise<string[]> {
  const [row] = await db
    .select({ origins: store.embedOrigins })
    .from(store)
    .where(eq(store.id, storeId))
    .limit(1);
  return row?.origins ?? [];
}

/** Replaces the signed-in owner's origins with the typed list; refused whole when a line is wrong. */
export async function setEmbedOrigins(ctx: StoreContext, typed: string): Promise<string[]> {
  const parsed = parseEmbedOrigins(typed);
  if ("problem" in parsed)
    throw new AppError(parsed.problem, {
      fields: { embedOrigins: `errors:${parsed.problem}` },
      params: { origin: parsed.typed, max: EMBED_ORIGINS_MAX },
    });
  await ctx.db
    .update(store)
    .set({ embedOrigins: parsed.origins, updatedAt: new Date() })
    .where(eq(store.id, ctx.storeId));
  return parsed.origins;
}
