import { usernameProblem } from "~/lib/slug";

// Subdomain rules: {store}.{ROOT_DOMAIN}/ → /{store}; a first segment that differs from the
// subdomain → that segment's host; an application path on a subdomain → the root domain.
// A Location's host is only ever the root domain or `{username}.{root}` for a name
// that passes the username rule; nothing decoded from the path or taken from a malformed Host header
// is pasted into one (decision 0021).

/** Served as they are on any host: the page's own scripts, styles and images. */
const PASS_THROUGH = new Set(["assets", "uploads", "favicon.ico", "favicon.svg", "__manifest", "_root.data"]);

/** Application paths that a store page on its own subdomain posts to (the language switcher). */
const PASS_THROUGH_PATHS = new Set(["/api/locale"]);

/** First segments that are the application's, never a store's. */
const APP_SEGMENTS = new Set([
  "api",
  "auth",
  "dashboard",
  "admin",
  "onboarding",
  "robots.txt",
  "sitemap.xml",
]);

/** A Host header we act on: DNS labels and an optional port, nothing else. */
const HOST = /^([a-z0-9.-]+)(?::(\d{1,5}))?$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export type HostRequest = {
  host: string;
  path: string;
  search: string;
  protocol: string;
  rootDomain: string;
};

/** The 301 location for this request, or null when it is served where it is. */
export function subdomainRedirect(request: HostRequest): string | null {
  const host = HOST.exec(request.host.toLowerCase());
  if (!host) return null;
  const [, hostname = "", port] = host;
  const root = request.rootDomain.toLowerCase();
  if (hostname === root || !hostname.endsWith(`.${root}`)) return null;
  const sub = hostname.slice(0, -(root.length + 1));
  // "/x" or "?x", never "//x" or "/\x" that a browser reads as another host.
  const path = `/${request.path.replace(/^[/\\]+/, "")}`;
  const search = request.search.startsWith("?") ? request.search : "";
  const portPart = port ? `:${port}` : "";
  const rootOrigin = `${request.protocol === "https" ? "https" : "http"}://${root}${portPart}`;

  if (sub === "www" || sub.includes(".")) return `${rootOrigin}${path}${search}`;
  if (!LABEL.test(sub)) return null;
  if (path === "/") return `/${sub}${search}`;

  if (PASS_THROUGH_PATHS.has(path)) return null;
  const first = decodeSegment(path.split("/")[1] ?? "");
  if (PASS_THROUGH.has(first)) return null;
  if (APP_SEGMENTS.has(first)) return `${rootOrigin}${path}${search}`;
  // Client navigations fetch "/{store}.data"; they belong to the same store.
  const store = first.endsWith(".data") ? first.slice(0, -".data".length) : first;
  if (store === sub) return null;
  // Only a well-formed username names another store's host; anything else is served here (a 404).
  if (usernameProblem(store) !== null) return null;
  return `${request.protocol === "https" ? "https" : "http"}://${store}.${root}${portPart}${path}${search}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}
