import type { NextFunction, Request, Response } from "express";

// A cross-site form post is refused before it reaches an action (SameSite=Lax is the other half).
// An Origin that is not a URL at all ("http://[bad") is refused the same way;
// it used to throw and answer 500.

/** The Origin header's host, or undefined when the header cannot be read as an origin. */
function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * Paths another site may post to: better-auth's own calls (they check origins themselves), and
 * cPay's answers, which the payer's browser posts from cPay's page and which are believed only by
 * their checksum (decision 0067).
 */
export function crossSiteWriteAllowed(path: string): boolean {
  return path.startsWith("/api/auth/") || path.startsWith("/api/billing/cpay/");
}

export function sameOriginWrites(options: { skip: (path: string) => boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || options.skip(req.path)) return next();
    const origin = req.headers.origin;
    // "null" is what a sandboxed frame, a data: page or a file sends: an opaque origin, never this
    // site, whose own pages send their origin (Referrer-Policy strict-origin-when-cross-origin keeps
    // it on every same-origin post). Decision 0121: refused like any other site's.
    if (origin !== undefined && originHost(origin) !== req.headers.host) {
      return res.status(403).type("text/plain").send("Forbidden");
    }
    next();
  };
}
