import { eq } from "drizzle-orm";
import { createContext } from "react-router";
import { getDb } from "~/db/db.server";
import { session as sessionTable } from "~/db/schema/auth";
import { getAuth } from "./auth.server";
import { impersonationEndsAt } from "./auth-limits";

/** What every loader may know about the signed-in person. */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  onboarded: boolean;
  role: string;
  /** The admin acting as this user (impersonation, decision 0044), or null. */
  impersonatedBy?: string | null;
};

export const sessionContext = createContext<SessionUser | null>(null);

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** Reads the session; a visitor without the cookie costs no database query. */
export async function readSession(request: Request): Promise<SessionUser | null> {
  if (!SESSION_COOKIE.test(request.headers.get("cookie") ?? "")) return null;
  const result = await getAuth().api.getSession({ headers: request.headers });
  // Decision 0019: a session of an account whose address was never proven (made before the
  // proof was required) does not count; the owner proves the address at the next sign-in.
  if (!result?.user.emailVerified) return null;
  const acting = result.session as typeof result.session & { impersonatedBy?: string | null };
  // Decision 0091: an admin's acting session ends an hour after it started, whatever its expiry
  // says (one extended before the refresh was capped included); it is removed, not just ignored.
  if (acting.impersonatedBy && Date.now() >= impersonationEndsAt(acting).getTime()) {
    await getDb().delete(sessionTable).where(eq(sessionTable.id, acting.id));
    return null;
  }
  const user = result.user as typeof result.user & { onboarded?: boolean; role?: string };
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    onboarded: Boolean(user.onboarded),
    role: user.role ?? "user",
    impersonatedBy: acting.impersonatedBy ?? null,
  };
}

/**
 * What GET /api/_auth/session and GET /api/auth/session answer: the user with onboarded,
 * and `impersonator: { id }` while an admin acts as them; {} when signed out.
 */
export function sessionAnswer(user: SessionUser | null) {
  if (!user) return {};
  return {
    user: { id: user.id, email: user.email, name: user.name, onboarded: user.onboarded },
    ...(user.impersonatedBy ? { impersonator: { id: user.impersonatedBy } } : {}),
  };
}
