import { data, type RouterContextProvider, redirect } from "react-router";
import type { Db } from "~/db/client.server";
import { getDb, getStoreDb } from "~/db/db.server";
import { getStoreByOwner, type Store } from "~/features/stores/store.server";
import type { ActionFailure } from "~/lib/action-result";
import type { StoreContext } from "~/lib/service-context";
import { type SessionUser, sessionContext } from "./session.server";

/**
 * How a route answers a stranger: a page sends them to sign in; a JSON endpoint (`"api"`) answers
 * 401 in the action-result shape, which a fetch in the browser can read.
 */
export type GuardMode = "page" | "api";

export function requireUser(context: Readonly<RouterContextProvider>, mode: GuardMode = "page"): SessionUser {
  const user = context.get(sessionContext);
  if (user) return user;
  if (mode === "api")
    throw data<ActionFailure>({ ok: false, errors: { form: "errors:unauthorized" } }, { status: 401 });
  throw redirect("/auth/login");
}

/**
 * The signed-in owner's store and the service context for it: the only way a route reaches store
 * data (ARCHITECTURE.md tenancy rules, decision 0017). Without a store, onboarding comes first.
 */
export async function requireOwnerStore(
  context: Readonly<RouterContextProvider>,
): Promise<{ user: SessionUser; store: Store; ctx: StoreContext }> {
  const { user, store } = await requireOwner(context);
  if (!store) throw redirect("/onboarding");
  return { user, store, ctx: ownerContext(user, store) };
}

/**
 * The same lookup for the paths that run before the store exists (onboarding and the checks it
 * calls): the signed-in user, the database and the user's store, or null while there is none.
 */
export async function requireOwner(
  context: Readonly<RouterContextProvider>,
  mode: GuardMode = "page",
): Promise<{ user: SessionUser; db: Db; store: Store | null }> {
  const user = requireUser(context, mode);
  const db = getDb();
  return { user, db, store: await getStoreByOwner(db, user.id) };
}

/**
 * The service context of the owner's store (the store id always from the session's owner); its
 * database is walled to that store (decision 0083).
 */
export function ownerContext(user: SessionUser, store: Store): StoreContext {
  return {
    db: getStoreDb(store.id),
    storeId: store.id,
    actor: { userId: user.id, impersonatedBy: user.impersonatedBy ?? null },
  };
}

/** Who may use the admin area (decision 0044): the role set by scripts/create-admin.ts or ADMIN_EMAILS. */
export function isAdmin(user: SessionUser | null): boolean {
  return user?.role === "admin";
}

/**
 * The admin area's one guard (decision 0044): everyone else — signed out, an owner, an
 * unproven session, an admin acting as someone — gets the ordinary 404 page, so the area does not
 * reveal that it exists. Pages and the admin API alike.
 */
export function requireAdmin(context: Readonly<RouterContextProvider>): { admin: SessionUser; db: Db } {
  const user = context.get(sessionContext);
  if (!user || !isAdmin(user)) throw data(null, { status: 404 });
  return { admin: user, db: getDb() };
}
