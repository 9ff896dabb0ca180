import type { NextFunction, Request, Response } from "express";
import { LOCALE_COOKIE } from "~/i18n/config";
import { logger } from "~/lib/logger.server";
import {
  customDomainRedirect,
  customDomainRoute,
  hostnameOf,
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

/** 200 only for a domain served now; 404 for anything else (never a certificate for a stranger's name). */
export function domainCheckHandler(directory: ServedDomainLookup) {
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
    res.status(404).type("text/plain").send("Not Found");
  };
}
