import { isIP } from "node:net";
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

// Decision 0133: custom domains. The platform's own hosts are the root domain, its subdomains,
// BASE_URL's host and loopback; a verified domain serves one store as `/{username}` serves it on the
// platform; any other host is answered with a plain 404.

export type Platform = { rootDomain: string; baseUrl: string };

/** The hostname of a Host header (lowercase, no port), or null when it is not one we act on. */
export function hostnameOf(hostHeader: string): string | null {
  const value = hostHeader.toLowerCase();
  if (/^\[[0-9a-f:.]+\](?::\d{1,5})?$/.test(value)) return value.slice(1, value.indexOf("]"));
  const host = HOST.exec(value);
  if (!host) return null;
  return (host[1] ?? "").replace(/\.$/, "");
}

/** The platform's own host: never a custom domain, never a plain 404. */
export function isPlatformHost(hostname: string, platform: Platform): boolean {
  const root = platform.rootDomain.toLowerCase();
  if (hostname === root || hostname.endsWith(`.${root}`)) return true;
  if (hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "::1") return true;
  if (/^127(?:\.\d{1,3}){3}$/.test(hostname)) return true;
  try {
    return hostname === new URL(platform.baseUrl).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  } catch {
    return false;
  }
}

/**
 * Where the probes and metrics answer: the platform's hosts, and the names a load balancer or a
 * scraper uses inside the network: an IP address (a load balancer's health check asks the
 * instance's address) or a name without a dot (a container's or a service's name, as
 * `vitrina-1:3000`). A store's own domain always has a dot and is never an address, so its paths
 * stay the store's.
 */
export function isOperationsHost(hostname: string, platform: Platform): boolean {
  return isPlatformHost(hostname, platform) || isIP(hostname) !== 0 || !hostname.includes(".");
}

/** The probes and metrics (server/operations.ts): never a custom domain's. */
const OPERATIONS_SEGMENTS = ["healthz", "readyz", "metrics"];

/** The search engines' files: on a custom domain, the store's own (its pages only). */
const CRAWLER_FILES = new Set(["robots.txt", "sitemap.xml"]);

/** The application's own sections: never served on a custom domain. */
const NOT_ON_CUSTOM_DOMAIN = new Set([
  ...[...APP_SEGMENTS].filter((segment) => !CRAWLER_FILES.has(segment)),
  ...OPERATIONS_SEGMENTS,
  ".well-known",
]);

export type CustomDomainRoute =
  | { action: "serve" }
  | { action: "rewrite"; url: string }
  | { action: "notFound" };

/**
 * A request on a verified domain of `username`: "/" and "/{sub-path}" are the store's "/{username}" and
 * "/{username}/{sub-path}" (rewritten inside the server: the address bar keeps the short form); the
 * store's links that already name "/{username}/…", and the page's scripts and images, are served as
 * they are; /robots.txt and /sitemap.xml are the store's own (the routes read the domain); the dashboard,
 * sign-in, admin, API and the probes answer 404.
 */
export function customDomainRoute(path: string, search: string, username: string): CustomDomainRoute {
  const clean = `/${path.replace(/^[/\\]+/, "")}`;
  const query = search.startsWith("?") ? search : "";
  const first = decodeSegment(clean.split("/")[1] ?? "");
  if (PASS_THROUGH.has(first) || PASS_THROUGH_PATHS.has(clean)) return { action: "serve" };
  if (CRAWLER_FILES.has(first) && clean === `/${first}`) return { action: "serve" };
  if (NOT_ON_CUSTOM_DOMAIN.has(first)) return { action: "notFound" };
  if (first === username || first === `${username}.data`) return { action: "serve" };
  return { action: "rewrite", url: `/${username}${clean === "/" ? "" : clean}${query}` };
}

/**
 * On the platform's host, the 301 of a store that has a verified domain: "/{username}/x" and
 * "{username}.{root}/x" → "https://{domain}/x". Only GET and HEAD of pages; a client's ".data" request
 * is left alone (a cross-origin redirect would fail it).
 */
export function customDomainRedirect(
  request: {
    method: string;
    hostname: string;
    path: string;
    search: string;
    rootDomain: string;
    https: boolean;
  },
  domainOf: (username: string) => string | undefined,
): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const root = request.rootDomain.toLowerCase();
  const clean = `/${request.path.replace(/^[/\\]+/, "")}`;
  const query = request.search.startsWith("?") ? request.search : "";
  const first = decodeSegment(clean.split("/")[1] ?? "");
  if (first.endsWith(".data")) return null;
  // The settings page's preview of the embeddable list stays on the platform's origin, the one that
  // frames it there (decision 0136); the store's own domain would be another origin.
  if (clean.endsWith("/embed") && new URLSearchParams(query).get("preview") === "1") return null;
  const origin = (domain: string) => `${request.https ? "https" : "http"}://${domain}`;
  // The store's own subdomain.
  if (request.hostname.endsWith(`.${root}`)) {
    const sub = request.hostname.slice(0, -(root.length + 1));
    if (LABEL.test(sub) && !sub.includes(".")) {
      const domain = domainOf(sub);
      if (domain && (clean === "/" || first === sub)) {
        const rest =
          first === sub
            ? clean.slice(clean.indexOf("/", 1) === -1 ? clean.length : clean.indexOf("/", 1))
            : "";
        return `${origin(domain)}${rest || "/"}${query}`;
      }
    }
  }
  if (!first || usernameProblem(first) !== null) return null;
  const domain = domainOf(first);
  if (!domain) return null;
  const slash = clean.indexOf("/", 1);
  const rest = slash === -1 ? "/" : clean.slice(slash);
  return `${origin(domain)}${rest}${query}`;
}
