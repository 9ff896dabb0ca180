import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { FRAME_ANCESTORS_HEADER, frameAncestorsSources } from "~/features/embed/embed-origins";

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
    allowDeclaredFramers(res);
    next();
  };
}

/**
 * Decision 0136: the embeddable price list asks (FRAME_ANCESTORS_HEADER, set by its route) to be
 * framed by the origins its owner declared. Just before the head is written, that ask replaces
 * `frame-ancestors 'none'` and drops X-Frame-Options (DENY would contradict the list, and a browser
 * that knows frame-ancestors ignores it anyway). The ask itself never leaves the server; an ask
 * without one well-formed origin leaves 'none' and DENY in place.
 */
function allowDeclaredFramers(res: Response) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const asked = this.getHeader(FRAME_ANCESTORS_HEADER);
    if (asked !== undefined) {
      this.removeHeader(FRAME_ANCESTORS_HEADER);
      const sources = frameAncestorsSources(String(asked));
      const policy = this.getHeader("Content-Security-Policy");
      if (sources && typeof policy === "string") {
        this.setHeader(
          "Content-Security-Policy",
          policy.replace("frame-ancestors 'none'", `frame-ancestors ${sources}`),
        );
        this.removeHeader("X-Frame-Options");
      }
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as Response["writeHead"];
}
