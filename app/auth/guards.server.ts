import { type RouterContextProvider, redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { getStoreByOwner, type Store } from "~/features/stores/store.server";
import type { StoreContext } from "~/lib/service-context";
import { type SessionUser, sessionContext } from "./session.server";

export function requireUser(context: Readonly<RouterContextProvider>): SessionUser {
  const user = context.get(sessionContext);
  if (!user) throw redirect("/auth/login");
  return user;
}

/**
 * The signed-in owner's store and the service context for it: the only way a dashboard route
 * reaches store data (ARCHITECTURE.md tenancy rules).
 */
export async function requireOwnerStore(
  context: Readonly<RouterContextProvider>,
): Promise<{ user: SessionUser; store: Store; ctx: StoreContext }> {
  const user = requireUser(context);
  const db = getDb();
  const store = await getStoreByOwner(db, user.id);
  if (!store) throw redirect("/onboarding");
  return { user, store, ctx: { db, storeId: store.id, actor: { userId: user.id } } };
}
