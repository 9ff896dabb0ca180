import type { NextFunction, Request, Response } from "express";
import { renderPricesPageDocument } from "~/features/feeds/prices-page-document.server";
import { renderPointOfSaleDocument } from "~/features/points-of-sale/point-of-sale-document.server";
import { slugProblem } from "~/features/points-of-sale/point-of-sale-slug";
import { POSTS_PAGE_CACHE_CONTROL } from "~/features/posts/posts-page.server";
import { renderPostsPageDocument } from "~/features/posts/posts-page-document.server";
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
// Decision 0147: the store's posts page and its files page the same way.

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

/** A store's page, a point of sale's (its slug), or one of the store's own sub-pages. */
type Page = { username: string; slug: string | null; sub?: "posts" | "prices" };

/** The store's sub-pages rendered here (decision 0147), each with the Cache-Control its route sends. */
const DOCUMENT_SUB_PAGES = new Set(["posts", "prices"]);

/** The public page a path names, or null when it is none of these (React Router decides). */
function publicPageOf(path: string): Page | null {
  const username = storePageUsername(path);
  if (username) return { username, slug: null };
  const match = POINT_OF_SALE_PATH.exec(path);
  if (!match) return null;
  const store = storePageUsername(`/${match[1]}`);
  if (!store) return null;
  if (DOCUMENT_SUB_PAGES.has(match[2]!)) return { username: store, slug: null, sub: match[2] as Page["sub"] };
  if (STORE_SUB_PAGES.has(match[2]!)) return null;
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
      html = await renderPage(page, common);
    } catch (error) {
      // React Router renders it again and answers with its error page (and logs through entry.server).
      logger.warn({ err: error, path: req.path }, "public page document failed; React Router answers");
      return next();
    }
    if (html === null) return next();
    res.statusCode = 200;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    // The files page sends none, as its route does (the browser's heuristics decide; nothing on it is
    // per visitor).
    const cacheControl =
      page.sub === "prices"
        ? null
        : page.sub === "posts"
          ? POSTS_PAGE_CACHE_CONTROL
          : STORE_PAGE_CACHE_CONTROL;
    if (cacheControl) res.setHeader("Cache-Control", cacheControl);
    res.end(html);
  };
}

type Common = Parameters<typeof renderStorePageDocument>[0];

function renderPage(page: Page, common: Common): Promise<string | null> {
  if (page.sub === "posts") return renderPostsPageDocument(common);
  if (page.sub === "prices") return renderPricesPageDocument(common);
  if (page.slug !== null) return renderPointOfSaleDocument({ ...common, slug: page.slug });
  return renderStorePageDocument(common);
}
