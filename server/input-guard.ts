import type { NextFunction, Request, Response } from "express";
import { problemBody } from "~/features/api/problem";
import { localeFromCookieHeader } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { html } from "~/lib/html";
import { isStorableText } from "~/lib/storable-text";

// Decision 0121: a path or query that cannot be read as text the application can store is refused
// here with 400, before any route, service or query sees it. A NUL ("/a%00"), an escape that is
// not UTF-8 ("%C0%AF", "%FF") or not an escape at all ("%ZZ") used to reach a database query or
// React Router and answer 500 with a logged stack. Form and JSON bodies get the same check where
// they are read (server/body-limit.ts, the REST API's handler).

/** The REST API: its path parameters are external ids, which may hold an encoded "/" (ART%2F1001). */
const API_V1 = "/api/v1/";

/** What a request says where no route can read it, or null when its path and query are readable. */
export function unreadableInput(path: string, query: string): "path" | "query" | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return "path";
  }
  // No page's address holds a control character; an encoded "/" or "\" in a segment is only ever a
  // probe for a path that climbs out of its folder (/uploads/..%2f..%2fsecret).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return "path";
  if (!path.startsWith(API_V1) && /%(2f|5c)/i.test(path)) return "path";
  if (query === "") return null;
  for (const part of query.split("&")) {
    try {
      if (!isStorableText(decodeURIComponent(part.replace(/\+/g, " ")))) return "query";
    } catch {
      return "query";
    }
  }
  return null;
}

/**
 * The 400 answer for input no route can read: RFC 9457 problem details under /api/ (as /api/v1
 * answers every failure), a short page in the visitor's language elsewhere. Nothing is logged above
 * the request line: a malformed request is the client's mistake, not the server's failure.
 */
export function refuseInput(req: Request, res: Response, pointer: string): void {
  res.status(400);
  res.setHeader("Cache-Control", "no-store");
  if (req.path.startsWith("/api/")) {
    res.setHeader("Content-Type", "application/problem+json");
    res.end(
      JSON.stringify(
        problemBody("validation", undefined, [
          { pointer, detail: "Not readable as text: a NUL character, broken UTF-8 or a malformed escape" },
        ]),
      ),
    );
    return;
  }
  const locale = localeFromCookieHeader(req.headers.cookie ?? null);
  const t = getFixedT(locale);
  const heading = t("errors:badRequest");
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.end(
    html`<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${heading} · ${t("common:appName")}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head><body><main><h1>${heading}</h1><p>${t("errors:badRequestHint")}</p><p><a href="/">${t("errors:backHome")}</a></p></main></body></html>`.toString(),
  );
}

export function inputGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    const at = req.url.indexOf("?");
    const query = at === -1 ? "" : req.url.slice(at + 1);
    const unreadable = unreadableInput(req.path, query);
    if (unreadable) return refuseInput(req, res, unreadable === "path" ? "#path" : "#query");
    // Repeated slashes are one, as nginx merges them: "/api/admin/users//impersonate" is the
    // impersonation call without a user id (answered "User ID is required"), not a page no route
    // claims. React Router reads originalUrl, so both change.
    if (req.path.includes("//")) {
      req.url = req.path.replace(/\/{2,}/g, "/") + (at === -1 ? "" : req.url.slice(at));
      req.originalUrl = req.url;
    }
    next();
  };
}
