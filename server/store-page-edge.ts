import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import {
  canonicalSearch,
  hasSessionCookie,
  type StorePageCache,
  storePageUsername,
} from "~/features/storefront/page-cache.server";
import type { ServedDomainLookup } from "./custom-domains";
import {
  customDomainRoute,
  hostnameOf,
  isPlatformHost,
  type Platform,
  subdomainRedirect,
} from "./host-routing";

// The public store page at the server's edge (decisions 0016, 0025, 0026):
// - fastPath() answers a cache hit on the raw Node request, before Express;
// - middleware() runs in Express before React Router: it redirects a store page's query to its one
//   spelling, marks every answer to a signed-in visitor private, and answers a cacheable render from
//   the entry it has just stored, so a miss and a hit send the same headers and bytes.

/** Express fills these per request; they are never replayed from the cache. */
const PER_REQUEST_HEADERS = new Set([
  "x-request-id",
  "x-cache",
  "x-accel-expires",
  "set-cookie",
  "date",
  "connection",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "keep-alive",
  "vary",
  "etag",
]);

export type StorePageEdge = {
  fastPath: (req: IncomingMessage, res: ServerResponse) => boolean;
  middleware: (req: Request, res: Response, next: NextFunction) => void;
};

export function storePageEdge(options: {
  cache: StorePageCache;
  rootDomain: string;
  /** Decision 0133: the platform's own hosts, and the stores' verified domains. */
  platform?: Platform;
  domains?: Pick<ServedDomainLookup, "host" | "ofUsername">;
  /** The store's id and version now, before rendering; null when it does not exist. */
  currentVersion: (username: string) => Promise<{ id: string; version: number } | null>;
  /** The CSP nonce the security headers gave this response. */
  nonceOf: (res: Response) => string;
  /** For the metrics (decision 0045): a page answered from the cache (hit) or rendered for it (miss). */
  counted?: (result: "hit" | "miss") => void;
}): StorePageEdge {
  const { cache } = options;
  /** Renders in progress, by key and version: the same view's other misses wait for it (decision 0100). */
  const rendering = new Map<string, Promise<void>>();

  /** The cache key, or null when this request is not the cache's (another host's, or uncacheable). */
  function keyOf(req: IncomingMessage): string | null {
    let url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    if (options.platform && options.domains) {
      // Decision 0133: a custom domain's pages have keys of their own (the host is part of the key);
      // a host that is neither the platform's nor a served domain, or a store that has moved to its
      // domain, is left to the host rules in Express.
      const hostname = hostnameOf(req.headers.host ?? "");
      if (hostname === null) return null;
      const path = queryAt === -1 ? url : url.slice(0, queryAt);
      const search = queryAt === -1 ? "" : url.slice(queryAt);
      if (!isPlatformHost(hostname, options.platform)) {
        const served = options.domains.host(hostname);
        if (!served) return null;
        const route = customDomainRoute(path, search, served.username);
        if (route.action === "notFound") return null;
        if (route.action === "rewrite") url = route.url;
        return cache.keyFor(req.method ?? "GET", url, req.headers.cookie, hostname);
      }
      const username = storePageUsername(path);
      if (username && options.domains.ofUsername(username)) return null;
    }
    const redirect = subdomainRedirect({
      host: req.headers.host ?? "",
      path: queryAt === -1 ? url : url.slice(0, queryAt),
      search: queryAt === -1 ? "" : url.slice(queryAt),
      protocol: "http",
      rootDomain: options.rootDomain,
    });
    if (redirect) return null;
    return cache.keyFor(req.method ?? "GET", url, req.headers.cookie);
  }

  function fastPath(req: IncomingMessage, res: ServerResponse): boolean {
    // A signed-in visitor goes through the navigation rules first (middleware() below).
    if (hasSessionCookie(req.headers.cookie)) return false;
    const key = keyOf(req);
    const served = key !== null && cache.serve(key, req, res, randomUUID());
    if (served) options.counted?.("hit");
    return served;
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    // Item 14: a signed-in visitor's answers stay in that browser, except the store page itself:
    // its HTML holds nothing of the session (the header asks after mount, decision
    // 0055). The page is rendered, so the navigation rules run (a redirect stays theirs), and then
    // answered with the cached entry everyone gets.
    const signedIn = hasSessionCookie(req.headers.cookie);
    const uncached = () => {
      // The landing page's HTML is shared too: only what else it may answer (a redirect of the
      // navigation rules, a cookie) is private.
      if (signedIn) privateAnswer(res, req.path === "/" && req.method === "GET" ? isShareable : undefined);
      next();
    };
    if (req.method !== "GET" && req.method !== "HEAD") return uncached();
    const username = storePageUsername(req.path);
    if (!username) return uncached();
    const search = req.originalUrl.slice(req.path.length);
    const canonical = canonicalSearch(search);
    if (search !== canonical) return res.redirect(301, `${req.path}${canonical}`);

    const key = keyOf(req);
    if (!key || req.method !== "GET") return uncached();
    const current = await options.currentVersion(username).catch(() => null);
    if (!current) return uncached();
    // Decision 0100: after a change, every visitor of a popular view missed at once and each rendered
    // it (the soak: dozens of renders of the same page per write). One renders; the others wait for
    // it and are answered from the entry it stores, or render themselves if it stored none.
    const flight = `${key}|${current.version}`;
    const inFlight = rendering.get(flight);
    if (inFlight && !signedIn) {
      await inFlight;
      if (cache.serve(key, req, res, String(res.getHeader("x-request-id") ?? ""))) {
        options.counted?.("hit");
        return;
      }
    }
    if (!rendering.has(flight)) {
      let rendered!: () => void;
      rendering.set(
        flight,
        new Promise<void>((resolve) => {
          rendered = resolve;
        }),
      );
      res.once("close", () => {
        rendering.delete(flight);
        rendered();
      });
    }
    options.counted?.("miss");
    const chunks: Buffer[] = [];
    const write = res.write;
    const end = res.end;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding | undefined),
      );
    };
    // Held back until the render is complete (React Router sends a page in one piece anyway).
    res.write = ((chunk: unknown, encoding?: unknown) => {
      collect(chunk, typeof encoding === "string" ? encoding : undefined);
      return true;
    }) as Response["write"];
    res.end = ((chunk?: unknown, encoding?: unknown) => {
      collect(chunk, typeof encoding === "string" ? encoding : undefined);
      res.write = write;
      res.end = end;
      const body = Buffer.concat(chunks);
      const type = String(res.getHeader("content-type") ?? "");
      const shareable =
        res.statusCode === 200 && type.startsWith("text/html") && !res.getHeader("set-cookie");
      if (
        signedIn &&
        shareable &&
        cache.serve(key, req, res, String(res.getHeader("x-request-id") ?? ""), "HIT")
      )
        return res;
      const stored =
        res.statusCode === 200 &&
        type.startsWith("text/html") &&
        !res.getHeader("set-cookie") &&
        cache.put(key, {
          storeId: current.id,
          version: current.version,
          headers: Object.entries(res.getHeaders())
            .filter(([name]) => !PER_REQUEST_HEADERS.has(name))
            .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]),
          body,
          nonce: options.nonceOf(res),
        });
      if (stored && cache.serve(key, req, res, String(res.getHeader("x-request-id") ?? ""), "MISS"))
        return res;
      // Anything else a signed-in visitor gets (a redirect of the navigation rules, a refreshed
      // session cookie) is theirs alone.
      if (signedIn) privateAnswer(res);
      return (end as (body: Buffer) => Response).call(res, body);
    }) as Response["end"];
    next();
  }

  return { fastPath, middleware: (req, res, next) => void middleware(req, res, next).catch(next) };
}

/** A 200 HTML page without a cookie: the same for every visitor of a shared page (decision 0055). */
function isShareable(res: Response, status: number): boolean {
  return (
    status === 200 &&
    String(res.getHeader("content-type") ?? "").startsWith("text/html") &&
    !res.getHeader("set-cookie")
  );
}

/**
 * Cache-Control: private, no-store on this answer, unless the route already said no-store, or
 * `shared` says the answer is one every visitor gets.
 */
function privateAnswer(res: Response, shared?: (res: Response, status: number) => boolean) {
  const writeHead = res.writeHead;
  res.writeHead = ((...args: unknown[]) => {
    const status = typeof args[0] === "number" ? args[0] : res.statusCode;
    if (shared?.(res, status)) return (writeHead as (...a: unknown[]) => Response).apply(res, args);
    const given = args.find(
      (arg): arg is Record<string, unknown> => Boolean(arg) && typeof arg === "object" && !Array.isArray(arg),
    );
    const name = given && Object.keys(given).find((key) => key.toLowerCase() === "cache-control");
    if (given && name) {
      res.setHeader("Cache-Control", String(given[name]));
      delete given[name];
    }
    if (!/\bno-store\b/.test(String(res.getHeader("cache-control") ?? "")))
      res.setHeader("Cache-Control", "private, no-store");
    return (writeHead as (...a: unknown[]) => Response).apply(res, args);
  }) as Response["writeHead"];
}
