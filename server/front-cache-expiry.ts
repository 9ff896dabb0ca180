import type { ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";

// A front cache (nginx, docs/operations.md "A front cache") may keep a public answer until the end of
// the second it was made in, never longer: `X-Accel-Expires: @<this second>` names that moment as an
// absolute time. nginx counts whole seconds, so its own `proxy_cache_valid 1s` let an answer live into
// the next second (a price change measured public after up to 1.7 s); this header makes it "within one
// second" (decision 0135). Browsers and other caches ignore it; nginx strips it.
// Only public answers carry it: never one that is private, not to be stored, or sets a cookie.

export const FRONT_CACHE_HEADER = "X-Accel-Expires";

/** The header's value for an answer made now. */
export function frontCacheExpiry(nowMs = Date.now()): string {
  return `@${Math.floor(nowMs / 1000)}`;
}

/** First path segments that are the application's: never cached in front. */
const APP_SEGMENTS = new Set(["api", "auth", "dashboard", "admin", "onboarding"]);

/** Express middleware: names the expiry on public GET/HEAD answers, and drops it from any other. */
export function frontCacheExpiryHeaders() {
  return (req: Request, res: Response, next: NextFunction) => {
    const segment = req.path.split("/")[1] ?? "";
    if ((req.method === "GET" || req.method === "HEAD") && !APP_SEGMENTS.has(segment)) {
      res.setHeader(FRONT_CACHE_HEADER, frontCacheExpiry());
      const writeHead = res.writeHead;
      res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
        if (!isPublic(this)) this.removeHeader(FRONT_CACHE_HEADER);
        return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
      } as Response["writeHead"];
    }
    next();
  };
}

function isPublic(res: ServerResponse): boolean {
  const cacheControl = String(res.getHeader("cache-control") ?? "").toLowerCase();
  return !res.hasHeader("set-cookie") && !/\b(private|no-store)\b/.test(cacheControl);
}
