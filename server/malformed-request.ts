import type { NextFunction, Request, Response } from "express";

// A Host header that is not a host ("[bad", "a b", a port above 65535) made the
// request's URL unparseable downstream and answered 500; a path with a broken percent-escape
// ("/%ZZ") reached React Router, which logged an error for it. Both are malformed requests: 400
// (the path's check is now server/input-guard.ts's, decision 0121).

const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::(\d{1,5}))?$/i;

/** True when `host` is a name, IPv4 or [IPv6] address, with an optional port, that a URL accepts. */
export function isReadableHost(host: string): boolean {
  const match = HOST.exec(host);
  if (!match || Number(match[2] ?? 0) > 65_535) return false;
  try {
    return new URL(`http://${match[1]}/`).hostname !== "";
  } catch {
    return false;
  }
}

export function refuseMalformedRequests() {
  return (req: Request, res: Response, next: NextFunction) => {
    const host = req.headers.host;
    // A path or query that cannot be decoded is refused by server/input-guard.ts, in the client's
    // format (a problem or a page), after the security headers are set (decision 0121).
    if (host !== undefined && !isReadableHost(host)) {
      return res.status(400).type("text/plain").send("Bad Request");
    }
    next();
  };
}
