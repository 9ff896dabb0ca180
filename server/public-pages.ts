import type { NextFunction, Request, Response } from "express";
import { hasSessionCookie, storePageUsername } from "~/features/storefront/page-cache.server";
import { STORE_PAGE_CACHE_CONTROL } from "~/features/storefront/store-page.server";
import { renderStorePageDocument } from "~/features/storefront/store-page-document.server";
import { localeFromCookieHeader } from "~/i18n/config";
import { logger } from "~/lib/logger.server";

// Decision 0144: a visitor's GET of a public store page is answered here, before React Router, as a
// published document: the route's data function and component tree, rendered by renderToString into
// the document root.tsx gives a static page. The page cache (store-page-edge.ts) stores and replays
// this answer as it did React Router's.
// React Router still answers what needs its pipeline: a signed-in visitor (the root middleware's
// navigation rules and session), a flash message (read and cleared by the root), a form post (the
// report), an unknown store (404) and a renamed one (301).

const FLASH_COOKIE = /(?:^|;\s*)flash=/;

export function publicStorePages() {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const username = storePageUsername(req.path);
    const cookie = req.headers.cookie;
    if (!username || hasSessionCookie(cookie) || (cookie && FLASH_COOKIE.test(cookie))) return next();
    const customDomain = res.locals.customDomain as { domain: string } | null | undefined;
    let html: string | null;
    try {
      html = await renderStorePageDocument({
        url: new URL(req.originalUrl, "http://localhost"),
        username,
        locale: localeFromCookieHeader(cookie ?? null),
        nonce: String(res.locals.cspNonce ?? ""),
        script: !customDomain,
      });
    } catch (error) {
      // React Router renders it again and answers with its error page (and logs through entry.server).
      logger.warn({ err: error, path: req.path }, "store page document failed; React Router answers");
      return next();
    }
    if (html === null) return next();
    res.statusCode = 200;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", STORE_PAGE_CACHE_CONTROL);
    res.end(html);
  };
}
