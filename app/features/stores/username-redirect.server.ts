import { and, eq, gt } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { store, usernameRedirect } from "~/db/schema/stores";
import { getStoreByUsername } from "./store.server";

/** A renamed store's old address answers 301 to the new one this long, so old links keep working. */
export const USERNAME_REDIRECT_DAYS = 90;

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
