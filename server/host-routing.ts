// Spec §4 subdomain rules: {store}.{ROOT_DOMAIN}/ → /{store}; a first segment that differs from the
// subdomain → that segment's host; an application path on a subdomain → the root domain.

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

export type HostRequest = {
  host: string;
  path: string;
  search: string;
  protocol: string;
  rootDomain: string;
};

/** The 301 location for this request, or null when it is served where it is. */
export function subdomainRedirect(request: HostRequest): string | null {
  const [hostname = "", port] = request.host.toLowerCase().split(":");
  const root = request.rootDomain.toLowerCase();
  if (hostname === root || !hostname.endsWith(`.${root}`)) return null;
  const sub = hostname.slice(0, -(root.length + 1));
  const portPart = port ? `:${port}` : "";
  const rootOrigin = `${request.protocol}://${root}${portPart}`;
  const originOf = (store: string) => `${request.protocol}://${store}.${root}${portPart}`;

  if (sub === "www" || sub.includes(".")) return `${rootOrigin}${request.path}${request.search}`;
  if (request.path === "/" || request.path === "") return `/${sub}${request.search}`;

  if (PASS_THROUGH_PATHS.has(request.path)) return null;
  const first = decodeSegment(request.path.split("/")[1] ?? "");
  if (PASS_THROUGH.has(first)) return null;
  if (APP_SEGMENTS.has(first)) return `${rootOrigin}${request.path}${request.search}`;
  // Client navigations fetch "/{store}.data"; they belong to the same store.
  const store = first.endsWith(".data") ? first.slice(0, -".data".length) : first;
  if (store === sub) return null;
  return `${originOf(store)}${request.path}${request.search}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}
