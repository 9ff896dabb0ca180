import type { NextFunction, Request, RequestHandler, Response } from "express";
import { LOCALE_COOKIE } from "~/i18n/config";
import { logger } from "~/lib/logger.server";
import { usernameProblem } from "~/lib/slug";
import {
  customDomainRedirect,
  customDomainRoute,
  hostnameOf,
  isOperationsHost,
  isPlatformHost,
  type Platform,
} from "./host-routing";

// Decision 0133: every request's Host decides first. The platform's own hosts go on (a store with a
// verified domain is sent there by 301); a verified domain serves its one store and nothing of the
// dashboard, sign-in or admin, with no cookie but the language; any other host is a plain 404.

export type ServedDomainLookup = {
  fresh: () => Promise<void>;
  host: (hostname: string) => { domain: string; username: string; storeId: string } | undefined;
  ofUsername: (username: string) => { domain: string } | undefined;
};

/** What the request handler reads to render a page of a custom domain (res.locals.customDomain). */
export type CustomDomainLocals = { domain: string; username: string; storeId: string };

export function customDomains(options: { platform: Platform; directory: ServedDomainLookup }) {
  const { platform, directory } = options;
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.host;
    // No Host (HTTP/1.0) or one we cannot read: the platform's existing rules answer it.
    const hostname = header ? hostnameOf(header) : null;
    if (hostname === null) return next();
    try {
      await directory.fresh();
    } catch (error) {
      // The previous map still answers; a database hiccup must not take every custom domain down.
      logger.warn({ err: error }, "custom domains: reload failed");
    }
    const search = req.originalUrl.slice(req.path.length);
    if (isPlatformHost(hostname, platform)) {
      const location = customDomainRedirect(
        {
          method: req.method,
          hostname,
          path: req.path,
          search,
          rootDomain: platform.rootDomain,
          https: platform.baseUrl.startsWith("https://"),
        },
        (username) => directory.ofUsername(username)?.domain,
      );
      if (location) return res.redirect(301, location);
      return next();
    }
    const served = directory.host(hostname);
    if (!served) return notFound(res);
    const route = customDomainRoute(req.path, search, served.username);
    if (route.action === "notFound") return notFound(res);
    res.locals.customDomain = {
      domain: served.domain,
      username: served.username,
      storeId: served.storeId,
    } satisfies CustomDomainLocals;
    withoutSessionCookies(req, res);
    if (route.action === "rewrite") {
      req.url = route.url;
      req.originalUrl = route.url;
    }
    next();
  };
}

function notFound(res: Response) {
  res.status(404).type("text/plain").setHeader("Cache-Control", "no-store");
  res.send("Not Found");
}

const LANGUAGE_ONLY = new RegExp(`^\\s*${LOCALE_COOKIE}=`);

/**
 * A custom domain never carries a session: the request's cookies are read as if it had none but the
 * language, and no answer sets any cookie but the language.
 */
function withoutSessionCookies(req: Request, res: Response) {
  const cookie = req.headers.cookie;
  if (cookie !== undefined) {
    const kept = cookie.split(";").filter((part) => LANGUAGE_ONLY.test(part));
    if (kept.length > 0) req.headers.cookie = kept.map((part) => part.trim()).join("; ");
    else delete req.headers.cookie;
  }
  const writeHead = res.writeHead;
  res.writeHead = ((...args: unknown[]) => {
    const set = res.getHeader("set-cookie");
    if (set !== undefined) {
      // The language cookie names the root domain (shared with the subdomains); here it is the host's own.
      const kept = (Array.isArray(set) ? set : [String(set)])
        .filter((value) => LANGUAGE_ONLY.test(value))
        .map((value) => value.replace(/;\s*Domain=[^;]*/i, ""));
      if (kept.length > 0) res.setHeader("set-cookie", kept);
      else res.removeHeader("set-cookie");
    }
    return (writeHead as (...a: unknown[]) => Response).apply(res, args);
  }) as Response["writeHead"];
}

/** Where a TLS front asks whether it may get a certificate for a name (Caddy's on_demand_tls `ask`). */
export const DOMAIN_CHECK_PATH = "/.well-known/vitrina-domain-check";

/**
 * The probes and metrics, mounted before the host rules (a probe must not wait on the domain map),
 * answer only on the platform's and the network's own names; on a store's domain or a stranger's
 * host the request goes on to the host rules, which answer 404.
 */
export function onOperationsHosts(platform: Platform, handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const header = req.headers.host;
    // No Host at all (an HTTP/1.0 probe) is the network's own; a Host we cannot read is not.
    if (header === undefined) return handler(req, res, next);
    const hostname = hostnameOf(header);
    if (hostname !== null && isOperationsHost(hostname, platform)) return handler(req, res, next);
    next();
  };
}

export type DomainCheckOptions = {
  /** ROOT_DOMAIN: its stores' subdomains get certificates on demand too. */
  rootDomain: string;
  /** Whether `{username}.{rootDomain}` shows a store's page (public-store.server.ts hasStorePage). */
  hasStorePage: (username: string) => Promise<boolean>;
};

/**
 * 200 for a domain served now, and for the subdomain of a store that has a page; 404 for anything
 * else (never a certificate for a stranger's name, nor for every made-up subdomain).
 */
export function domainCheckHandler(directory: ServedDomainLookup, options?: DomainCheckOptions) {
  return async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    const asked =
      typeof req.query.domain === "string" ? req.query.domain.toLowerCase().replace(/\.$/, "") : "";
    try {
      await directory.fresh();
    } catch (error) {
      logger.warn({ err: error }, "custom domains: reload failed");
    }
    if (asked && directory.host(asked)) return res.status(200).type("text/plain").send("OK");
    const username = options ? storeSubdomain(asked, options.rootDomain) : null;
    if (username && options && (await options.hasStorePage(username).catch(() => false)))
      return res.status(200).type("text/plain").send("OK");
    res.status(404).type("text/plain").send("Not Found");
  };
}

/** The username of `{username}.{root}` when it could be one (one label that passes the username rule). */
function storeSubdomain(hostname: string, rootDomain: string): string | null {
  const root = rootDomain.toLowerCase();
  if (!hostname.endsWith(`.${root}`)) return null;
  const sub = hostname.slice(0, -(root.length + 1));
  if (sub.includes(".") || usernameProblem(sub) !== null) return null;
  return sub;
}
