import { createContext, useContext, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { navigationRedirect } from "~/navigation/rules";

// Decision 0055: the session is asked for after a shared page mounts; GET /api/_auth/session: field
// user (with onboarded); on failure treated as an empty session. A page whose HTML is shared by all
// visitors (shared-pages.ts) learns who is signed in here, after it mounts; every other page has the
// session in its root loader data already.

export type SessionView = {
  user: { email: string; name: string; onboarded: boolean } | null;
  /** Set while an admin acts as this user (decision 0044). */
  impersonated: boolean;
};

/** "loading" until a shared page has its answer; the server's render is always "loading". */
export type SessionState = { status: "loading" } | ({ status: "ready" } & SessionView);

const SessionContext = createContext<SessionState>({ status: "loading" });

export const SESSION_PATH = "/api/_auth/session";

/** The spec's call: JSON, no retry, never from a cache; any failure is the empty session. */
export async function fetchSession(): Promise<SessionView> {
  try {
    const response = await fetch(SESSION_PATH, {
      headers: { Accept: "application/json" },
      cache: "no-store",
      credentials: "same-origin",
    });
    if (!response.ok) return { user: null, impersonated: false };
    const body = (await response.json()) as {
      user?: { email?: unknown; name?: unknown; onboarded?: unknown };
      impersonator?: unknown;
    };
    const user = body.user;
    if (!user || typeof user.email !== "string") return { user: null, impersonated: false };
    return {
      user: { email: user.email, name: String(user.name ?? ""), onboarded: user.onboarded === true },
      impersonated: Boolean(body.impersonator),
    };
  } catch {
    return { user: null, impersonated: false };
  }
}

/** True on "{store}.{root}/{store}…", where the page's host is the store's own subdomain. */
export function onStoreSubdomain(hostname: string, pathname: string): boolean {
  const store = pathname.split("/")[1]?.toLowerCase();
  return Boolean(store) && hostname.toLowerCase().startsWith(`${store}.`);
}

export function SessionProvider({
  shared,
  known,
  children,
}: {
  /** This page's HTML is the same for everyone: ask after mount. */
  shared: boolean;
  /** Otherwise, the session the root loader rendered with. */
  known: SessionView;
  children: React.ReactNode;
}) {
  const [fetched, setFetched] = useState<SessionView | null>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!shared) return;
    // A store on its own subdomain ("demo.vitrina.mk/demo"): the session lives on the root domain, and
    // the call would be redirected there, a cross-origin request that connect-src 'self'
    // refuses. Nobody is signed in on this host; the page shows its signed-out header.
    if (onStoreSubdomain(window.location.hostname, pathname)) {
      setFetched({ user: null, impersonated: false });
      return;
    }
    let current = true;
    void fetchSession().then((session) => {
      if (!current) return;
      setFetched(session);
      // The navigation rules (decision 0004) run once the session is known, also on a page a cache served.
      const target = navigationRedirect(pathname, session.user);
      if (target) navigate(target, { replace: true });
    });
    return () => {
      current = false;
    };
    // A shared page asks again when the visitor arrives from another page (signed in or out meanwhile).
  }, [shared, pathname, navigate]);
  const state: SessionState = shared
    ? fetched
      ? { status: "ready", ...fetched }
      : { status: "loading" }
    : { status: "ready", ...known };
  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}

/** Who is signed in: on a shared page "loading" until the browser has asked. */
export function useSession(): SessionState {
  return useContext(SessionContext);
}
