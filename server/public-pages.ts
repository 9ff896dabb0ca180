import type { NextFunction, Request, Response } from "express";
import { renderPointOfSaleDocument } from "~/features/points-of-sale/point-of-sale-document.server";
import { slugProblem } from "~/features/points-of-sale/point-of-sale-slug";
import { hasSessionCookie, storePageUsername } from "~/features/storefront/page-cache.server";
import { STORE_PAGE_CACHE_CONTROL } from "~/features/storefront/store-page.server";
import { renderStorePageDocument } from "~/features/storefront/store-page-document.server";
import { localeFromCookieHeader } from "~/i18n/config";
import { logger } from "~/lib/logger.server";

// Decision 0144: a visitor's GET of a public store page, or of a point of sale's, is answered here,
// before React Router, as a published document: the route's data function and component tree,
// rendered by renderToString into the document root.tsx gives a static page. The page cache
// (store-page-edge.ts) stores and replays the store page's answer as it did React Router's.
// React Router still answers what needs its pipeline: a signed-in visitor (the root middleware's
// navigation rules and session), a flash message (read and cleared by the root), a form post (the
// report), an unknown store or point of sale (404) and a renamed store (301).

const FLASH_COOKIE = /(?:^|;\s*)flash=/;
/** /{username}/{slug}, as React Router's route ":username/:pointOfSale" matches it. */
const POINT_OF_SALE_PATH = /^\/([^/]+)\/([^/]+)\/?$/;
/** The store's own second segments: routes of their own, never a point of sale (app/routes.ts). */
const STORE_SUB_PAGES = new Set([
  "prices",
  "prices.csv",
  "prices.json",
  "prices.xlsx",
  "posts",
  "price-list.pdf",
  "embed",
]);

type Page = { username: string; slug: string | null };

/** The public page a path names, or null when it is none of these (React Router decides). */
function publicPageOf(path: string): Page | null {
  const username = storePageUsername(path);
  if (username) return { username, slug: null };
  const match = POINT_OF_SALE_PATH.exec(path);
  if (!match || STORE_SUB_PAGES.has(match[2]!)) return null;
  const store = storePageUsername(`/${match[1]}`);
  if (!store) return null;
  // A slug is lower-case letters, digits and hyphens: anything else ("x.data", an encoded name) is
  // no point of sale's page, and React Router answers it.
  return slugProblem(match[2]!) === null ? { username: store, slug: match[2]! } : null;
}

export function publicStorePages() {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const page = publicPageOf(req.path);
    const cookie = req.headers.cookie;
    if (!page || hasSessionCookie(cookie) || (cookie && FLASH_COOKIE.test(cookie))) return next();
    const customDomain = res.locals.customDomain as { domain: string } | null | undefined;
    const common = {
      url: new URL(req.originalUrl, "http://localhost"),
      username: page.username,
      locale: localeFromCookieHeader(cookie ?? null),
      nonce: String(res.locals.cspNonce ?? ""),
      script: !customDomain,
    };
    let html: string | null;
    try {
      html =
        page.slug === null
          ? await renderStorePageDocument(common)
          : await renderPointOfSaleDocument({ ...common, slug: page.slug });
    } catch (error) {
      // React Router renders it again and answers with its error page (and logs through entry.server).
      logger.warn({ err: error, path: req.path }, "public page document failed; React Router answers");
      return next();
    }
    if (html === null) return next();
    res.statusCode = 200;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", STORE_PAGE_CACHE_CONTROL);
    res.end(html);
  };
}
