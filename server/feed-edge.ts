import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { type FeedEncoding, preferredEncoding } from "~/features/feeds/feed-encodings.server";
import { hasSessionCookie, storePageUsername } from "~/features/storefront/page-cache.server";
import type { ServedDomainLookup } from "./custom-domains";
import { frontCacheExpiry } from "./front-cache-expiry";
import { hostnameOf, isPlatformHost, type Platform, subdomainRedirect } from "./host-routing";

// A store's live price files (/{username}/prices.json, /{username}/prices.csv[?lang=…]) answered on
// the raw Node request, before Express, as a cached page is (decision 0151). The files are held once
// per store version (feed.server.ts) and compressed once per encoding (decision 0134); what Express
// and React Router added per request (route matching, the loader, the Response's conversion) cost
// about ten times the answer itself. The first answer of a version goes through Express as before;
// capture() keeps its headers, and fastPath() replays them with the held bytes while the version is
// the store's newest. Anything it is not sure of goes to Express: another host, a session, a
// conditional request other than an exact If-None-Match, a query other than ?lang=mk|en|sq on the CSV.

export type FeedFile = "json" | "csv-mk" | "csv-en" | "csv-sq";

export type HeldFeed = {
  storeId: string;
  version: number;
  etag: string;
  json: Buffer;
  csv: Record<"mk" | "en" | "sq", Buffer>;
};

/** Express and Node fill these per request; they are never replayed. */
const PER_REQUEST_HEADERS = new Set([
  "x-request-id",
  "x-accel-expires",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

/** Header lists kept (a few hundred bytes each): 4 files × 3 encodings × GET/HEAD × 200/304 per store. */
const MAX_CAPTURED = 5_000;
const FEED_PATH = /^\/([^/]+)\/prices\.(json|csv)$/;
const CSV_QUERY: Record<string, FeedFile> = {
  "": "csv-mk",
  "?lang=mk": "csv-mk",
  "?lang=en": "csv-en",
  "?lang=sq": "csv-sq",
};

type Asked = {
  username: string;
  file: FeedFile;
  encoding: FeedEncoding;
  /** If-None-Match as sent, or null. */
  ifNoneMatch: string | null;
};

type Captured = { etag: string; headers: string[] };

export type FeedEdge = {
  fastPath: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Express middleware: keeps the headers of a live file's answer, for fastPath to replay. */
  capture: (req: Request, res: Response, next: NextFunction) => void;
};

export function feedEdge(options: {
  rootDomain: string;
  platform: Platform;
  domains: Pick<ServedDomainLookup, "ofUsername">;
  versions: { newest: (storeId: string) => number | undefined; readonly isLive: boolean };
  /** The store's own live files as held now (feed.server.ts heldStoreFeed). */
  held: (username: string) => HeldFeed | null;
  /** The held bytes in an encoding, if already compressed (feed-encodings.server.ts encodedNow). */
  encoded: (bytes: Buffer, encoding: FeedEncoding) => Buffer | null;
  /** For the metrics: a file answered here. */
  counted?: (file: FeedFile, method: string, status: number) => void;
}): FeedEdge {
  /** Per file, asked encoding, method and status: the headers of the last answer Express gave. */
  const captured = new Map<string, Captured>();

  /** What the request asks for, or null when it is not one this edge may answer. */
  function askedOf(req: IncomingMessage): Asked | null {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const search = queryAt === -1 ? "" : url.slice(queryAt);
    const match = FEED_PATH.exec(path);
    if (!match) return null;
    const username = storePageUsername(`/${match[1]}`);
    if (!username) return null;
    const file = match[2] === "json" ? (search === "" ? "json" : undefined) : CSV_QUERY[search];
    if (!file) return null;
    // A signed-in visitor's answers are private (store-page-edge.ts); If-Modified-Since is Express's.
    if (hasSessionCookie(req.headers.cookie) || req.headers["if-modified-since"]) return null;
    const host = req.headers.host ?? "";
    const hostname = hostnameOf(host);
    if (hostname === null || !isPlatformHost(hostname, options.platform)) return null;
    if (subdomainRedirect({ host, path, search, protocol: "http", rootDomain: options.rootDomain }))
      return null;
    // A store served on its own domain answers its files there (decision 0133).
    if (options.domains.ofUsername(username)) return null;
    const ifNoneMatch = req.headers["if-none-match"] ?? null;
    return { username, file, encoding: preferredEncoding(req.headers["accept-encoding"]), ifNoneMatch };
  }

  /** The held file and its ETag, while the held version is the store's newest. */
  function current(asked: Asked): { bytes: Buffer; etag: string } | null {
    if (!options.versions.isLive) return null;
    const feed = options.held(asked.username);
    if (!feed || options.versions.newest(feed.storeId) !== feed.version) return null;
    if (asked.file === "json") return { bytes: feed.json, etag: feed.etag };
    const locale = asked.file.slice(4) as "mk" | "en" | "sq";
    // feed.server.ts csvEtag: each language is a representation of its own.
    return { bytes: feed.csv[locale], etag: `${feed.etag.slice(0, -1)}-${locale}"` };
  }

  /** feed.server.ts isNotModified, for If-None-Match. */
  function notModified(ifNoneMatch: string | null, etag: string): boolean {
    return ifNoneMatch?.split(",").some((tag) => tag.trim() === etag) ?? false;
  }

  const keyOf = (asked: Asked, method: string, status: number) =>
    `${asked.username}|${asked.file}|${asked.encoding}|${method}|${status}`;

  function fastPath(req: IncomingMessage, res: ServerResponse): boolean {
    const asked = askedOf(req);
    if (!asked) return false;
    const file = current(asked);
    if (!file) return false;
    const method = req.method ?? "GET";
    const status = notModified(asked.ifNoneMatch, file.etag) ? 304 : 200;
    const answer = captured.get(keyOf(asked, method, status));
    if (!answer || answer.etag !== file.etag) return false;
    let body: Buffer | undefined;
    if (status === 200 && method === "GET") {
      const coding = contentCoding(answer.headers);
      const encoded = coding === null ? null : options.encoded(file.bytes, coding);
      if (!encoded) return false;
      body = encoded;
    }
    res.writeHead(
      status,
      answer.headers.concat([
        "X-Request-Id",
        randomUUID(),
        "X-Cache",
        "HIT",
        "X-Accel-Expires",
        frontCacheExpiry(),
      ]),
    );
    res.end(body);
    options.counted?.(asked.file, method, status);
    return true;
  }

  function capture(req: Request, res: Response, next: NextFunction) {
    const asked = askedOf(req);
    if (!asked) return next();
    const method = req.method;
    // "prefinish": in end(), once the headers are final (compression has named its coding), before
    // the client can have the answer and ask again.
    res.once("prefinish", () => {
      const status = res.statusCode;
      if ((status !== 200 && status !== 304) || res.getHeader("set-cookie")) return;
      const etag = res.getHeader("etag");
      if (typeof etag !== "string") return;
      const headers: string[] = [];
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (PER_REQUEST_HEADERS.has(name) || value === undefined) continue;
        headers.push(name, Array.isArray(value) ? value.join(", ") : String(value));
      }
      const key = keyOf(asked, method, status);
      captured.delete(key);
      // Least recently answered out first: a few entries per store that is read, at most MAX_CAPTURED.
      if (captured.size >= MAX_CAPTURED) captured.delete(captured.keys().next().value!);
      captured.set(key, { etag, headers });
    });
    next();
  }

  return { fastPath, capture };
}

/** The Content-Encoding among replayed headers: identity when none, null when not one the feeds make. */
function contentCoding(headers: string[]): FeedEncoding | null {
  for (let i = 0; i < headers.length; i += 2) {
    if (headers[i] !== "content-encoding") continue;
    const coding = headers[i + 1];
    return coding === "br" || coding === "gzip" ? coding : null;
  }
  return "identity";
}
