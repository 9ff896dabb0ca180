import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

// A CSP on every response; scripts only from this origin or carrying this response's nonce.
export function securityHeaders(options: {
  production: boolean;
  https: boolean;
  /** Origins a form may be redirected to (Google's sign-in page when Google is configured). */
  formTargets?: string[];
}) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const scriptSrc = options.production ? `'self' 'nonce-${nonce}'` : `'self' 'unsafe-inline' 'unsafe-eval'`;
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src ${scriptSrc}`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        `connect-src 'self'${options.production ? "" : " ws: wss:"}`,
        "font-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        `form-action 'self'${(options.formTargets ?? []).map((origin) => ` ${origin}`).join("")}`,
        "frame-ancestors 'none'",
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (options.https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
