import type { NextFunction, Request, Response } from "express";

// Issue 11 item 16: a Host header that is not a host ("[bad", "a b", a port above 65535) made the
// request's URL unparseable downstream and answered 500; a path with a broken percent-escape
// ("/%ZZ") reached React Router, which logged an error for it. Both are malformed requests: 400.

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

function isDecodablePath(path: string): boolean {
  try {
    // The answer is used: the production bundler drops a call whose result is unused, and with it
    // the check (a bare `decodeURIComponent(path);` let "/%ZZ" through to React Router, which
    // logged "could not be decoded" twice and rendered the 404 page).
    return typeof decodeURIComponent(path) === "string";
  } catch {
    return false;
  }
}

export function refuseMalformedRequests() {
  return (req: Request, res: Response, next: NextFunction) => {
    const host = req.headers.host;
    if ((host !== undefined && !isReadableHost(host)) || !isDecodablePath(req.path)) {
      return res.status(400).type("text/plain").send("Bad Request");
    }
    next();
  };
}
