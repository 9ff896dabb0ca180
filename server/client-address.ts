import type { Request } from "express";
import { CLIENT_IP_HEADER } from "~/auth/auth.server";

/**
 * Puts the client's address where better-auth's rate limits and the report limits read it: the
 * socket's address, or the one the trusted proxies forwarded (TRUST_PROXY, trust-proxy.ts); never a
 * header the client sent itself (the header is overwritten).
 */
export function recordClientAddress(req: Request): void {
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
}
