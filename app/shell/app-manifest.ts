// "GET builds/meta/{buildId}.json — route rule manifest", fetched after a delay of
// 1,000 ms (unless the connection is very slow) (decision 0079). Each build writes the manifest of its own
// id beside builds/latest.json; a page asks for its build's manifest a second after it starts, so the
// request never competes with the page's own. The answer tells the page how its build treats each
// path; a 404 tells it that its build is no longer the one deployed (the new-build bar shows at once).
// Isomorphic: the build and the server import the rules, the browser the fetch.

export const BUILD_META_PREFIX = "/builds/meta/";

/** The manifest is fetched this long after the page starts. */
export const MANIFEST_DELAY_MS = 1_000;

/** How a build treats a path. */
export type RouteRule = {
  /** Who may see it: anyone, a signed-in owner (navigation rules, decision 0004), or an admin. */
  access: "anyone" | "owner" | "admin";
  /** Every visitor gets the same HTML; the session is asked for after mount (decision 0055). */
  shared?: boolean;
  /** The server keeps the rendered page per store and view (decisions 0016, 0025). */
  cached?: boolean;
  /** An open page polls builds/latest.json for a new build (decision 0053). */
  buildCheck?: boolean;
};

/**
 * The rules, most specific first. "**" matches the rest of a path, ":name" one segment. Tested to
 * agree with the navigation rules and shared-pages.ts (app-manifest.test.ts).
 */
export const ROUTE_RULES: ReadonlyArray<readonly [pattern: string, rule: RouteRule]> = [
  ["/", { access: "anyone", shared: true }],
  ["/auth/**", { access: "anyone" }],
  ["/api/**", { access: "anyone" }],
  ["/onboarding", { access: "owner" }],
  ["/dashboard/**", { access: "owner", buildCheck: true }],
  ["/admin/**", { access: "admin", buildCheck: true }],
  ["/:username", { access: "anyone", shared: true, cached: true }],
  ["/:username/**", { access: "anyone" }],
];

export type AppManifest = {
  id: string;
  /** When the build was made (ms since the epoch). */
  timestamp: number;
  routeRules: Record<string, RouteRule>;
};

export function buildManifest(id: string, timestamp: number): AppManifest {
  return { id, timestamp, routeRules: Object.fromEntries(ROUTE_RULES) };
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.split("/").filter(Boolean);
  const have = path.split("/").filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    if (want[i] === "**") return have.length > i;
    if (have[i] === undefined) return false;
    if (!want[i]!.startsWith(":") && want[i] !== have[i]) return false;
  }
  return want.length === have.length;
}

/** The rule of the first pattern that matches `path`, or null. */
export function routeRuleFor(manifest: Pick<AppManifest, "routeRules">, path: string): RouteRule | null {
  for (const [pattern, rule] of Object.entries(manifest.routeRules)) {
    if (matches(pattern, path)) return rule;
  }
  return null;
}

/** A build id as it may appear in the manifest's path (React Router's manifest version is hex). */
export function isBuildId(id: string): boolean {
  return /^[\w-]{1,64}$/.test(id);
}

type ManifestState =
  | { status: "waiting" }
  /** Asked for, or about to be. */
  | { status: "asked" }
  | { status: "ready"; manifest: AppManifest }
  /** The server no longer has this page's build: a newer one is deployed. */
  | { status: "gone" }
  | { status: "failed" };

let state: ManifestState = { status: "waiting" };
const listeners = new Set<(state: ManifestState) => void>();

export function appManifestState(): ManifestState {
  return state;
}

/** Called with every change of the manifest's state; returns the unsubscribe. */
export function onAppManifest(listener: (state: ManifestState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function settle(next: ManifestState) {
  state = next;
  for (const listener of listeners) listener(next);
}

/** A "very slow connection": the Network Information API's slow-2g, or data saving asked for. */
export function isVerySlowConnection(nav: { connection?: { effectiveType?: string; saveData?: boolean } }) {
  return nav.connection?.effectiveType === "slow-2g" || nav.connection?.saveData === true;
}

/**
 * Asks for this page's build manifest MANIFEST_DELAY_MS after it is called (once per page load), or
 * not at all on a very slow connection.
 */
export function scheduleAppManifest(options: {
  buildId: string | undefined;
  fetch?: typeof fetch;
  navigator?: { connection?: { effectiveType?: string; saveData?: boolean } };
  setTimeout?: (run: () => void, ms: number) => unknown;
}): void {
  const { buildId } = options;
  if (!buildId || !isBuildId(buildId) || state.status !== "waiting") return;
  if (isVerySlowConnection(options.navigator ?? {})) return;
  state = { status: "asked" };
  const doFetch = options.fetch ?? fetch;
  const later = options.setTimeout ?? ((run, ms) => window.setTimeout(run, ms));
  later(async () => {
    try {
      const response = await doFetch(`${BUILD_META_PREFIX}${buildId}.json`, {
        headers: { Accept: "application/json" },
      });
      if (response.status === 404) return settle({ status: "gone" });
      if (!response.ok) return settle({ status: "failed" });
      const body = (await response.json()) as AppManifest;
      settle(body?.id === buildId ? { status: "ready", manifest: body } : { status: "failed" });
    } catch {
      settle({ status: "failed" });
    }
  }, MANIFEST_DELAY_MS);
}

/** For tests: forget the page's manifest. */
export function resetAppManifest() {
  state = { status: "waiting" };
  listeners.clear();
}
