import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { store } from "~/db/schema/stores";
import { localeFromCookieHeader } from "~/i18n/config";
import { skopjeDay } from "~/lib/calendar";
import type { Clock } from "~/lib/clock.server";
import { RESERVED_USERNAMES } from "~/lib/slug";
import type { StoreVersions } from "./store-versions.server";
import { parseStorefrontQuery } from "./storefront.server";

// The rendered public store page, cached per store, language, day and view (decisions 0016, 0026).
// Validity: an entry carries the store.version it was rendered at and is served only while that is
// the newest version StoreVersions knows of. A hit costs no query. Without a live listener nothing
// is served from cache. PAGE_CACHE=off disables it (benchmarks of the uncached page).
// A view is keyed by the parameters the page reads, in one order (canonicalSearch); a request in any
// other spelling is redirected to that one (server/store-page-edge.ts), so junk parameters never
// render, never create an entry and never push a popular page out. Eviction: least recently used.

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
const FLASH_COOKIE = /(?:^|;\s*)flash=/;
const STORE_PATH = /^\/([a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9])\/?$/;
const MAX_ENTRIES = 5000;
const MAX_BYTES = 256 * 1024 * 1024;
const MAX_SEARCH = 2000;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const ENCODINGS = ["identity", "gzip", "br"] as const;
type Encoding = (typeof ENCODINGS)[number];

type Entry = {
  storeId: string;
  version: number;
  etag: string;
  /** The page as rendered, and each compressed body once a visitor has asked for that encoding. */
  body: { identity: Buffer } & Partial<Record<Exclude<Encoding, "identity">, Buffer>>;
  /** Every header of a 200 in each encoding made so far, as one flat list for writeHead. */
  head: Partial<Record<Encoding, string[]>>;
  /** The headers of a 304: the same, without the body's length and encoding. */
  notModified: string[];
  bytes: number;
  /** False once evicted or replaced: its bytes are no longer counted. */
  held: boolean;
};

export type PageCacheStats = {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
  listening: boolean;
};

/** Whether the request carries a signed-in session: its pages, but the store page, are private. */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return cookie !== undefined && SESSION_COOKIE.test(cookie);
}

/**
 * The store of a public store page path ("/demo", "/demo/"), or null. The app's own one-segment
 * sections (/onboarding, /dashboard, /admin…) are never a store: no store may take their names, and
 * their query strings are theirs (onboarding's ?step=5&i=2), not a store view's to respell.
 */
export function storePageUsername(path: string): string | null {
  const username = STORE_PATH.exec(path)?.[1] ?? null;
  return username && !RESERVED_USERNAMES.has(username) ? username : null;
}

/**
 * The one spelling of a store page view's query ("" or "?q=…&category=…&sort=…&discounted=1&page=…&report=…"):
 * only the parameters parseStorefrontQuery reads, only when they differ from the default, in that order.
 */
export function canonicalSearch(search: string): string {
  if (search === "") return "";
  const query = parseStorefrontQuery(new URL(`http://localhost/${search}`));
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.categoryId) params.set("category", query.categoryId);
  if (query.sort && query.sort !== "name") params.set("sort", query.sort);
  if (query.discounted) params.set("discounted", "1");
  if (query.page > 1) params.set("page", String(query.page));
  if (query.reportId) params.set("report", query.reportId);
  const canonical = params.toString();
  return canonical ? `?${canonical}` : "";
}

export class StorePageCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly enabled = process.env.PAGE_CACHE !== "off";
  hits = 0;
  misses = 0;
  /** Bodies compressed since start: one per entry and encoding asked for (tests, benchmarks). */
  compressions = 0;

  constructor(
    private readonly clock: Clock,
    private readonly versions: StoreVersions,
    private readonly limits = { entries: MAX_ENTRIES, bytes: MAX_BYTES },
  ) {
    versions.onReset(() => this.clear());
  }

  private get listening(): boolean {
    return this.enabled && this.versions.isLive;
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }

  stats(): PageCacheStats {
    return {
      hits: this.hits,
      misses: this.misses,
      entries: this.entries.size,
      bytes: this.bytes,
      listening: this.listening,
    };
  }

  /** The keys held, least recently used first (tests). */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /**
   * The cache key of a request that may be served from (and stored in) the cache, or null: not a
   * store page, a signed-in visitor, a flash message, or a query not in its canonical spelling.
   */
  keyFor(method: string, url: string, cookie: string | undefined, host?: string): string | null {
    if (!this.listening || (method !== "GET" && method !== "HEAD")) return null;
    // A session does not change the page (decision 0055); a flash message does.
    if (cookie && FLASH_COOKIE.test(cookie)) return null;
    const queryAt = url.indexOf("?");
    const username = storePageUsername(queryAt === -1 ? url : url.slice(0, queryAt));
    if (!username) return null;
    const search = queryAt === -1 ? "" : url.slice(queryAt);
    if (search.length > MAX_SEARCH || search !== canonicalSearch(search)) return null;
    // The day is part of the key: "confirmed today" turns into "last confirmed" at midnight.
    const key = `${username}|${localeFromCookieHeader(cookie ?? null)}|${skopjeDay(this.clock.now())}|${search}`;
    // A store's own domain (decision 0133) renders its page differently: its entries are its own.
    return host ? `${host}|${key}` : key;
  }

  /**
   * Answers from the cache (X-Cache: HIT; MISS for the answer to the render that just filled it),
   * with a 304 when the browser holds this version; false when the request must be rendered.
   */
  serve(key: string, req: IncomingMessage, res: ServerResponse, requestId: string, state = "HIT"): boolean {
    const entry = this.entries.get(key);
    if (!entry || this.versions.newest(entry.storeId) !== entry.version) {
      if (entry) this.drop(key, entry);
      this.misses++;
      return false;
    }
    if (state === "HIT") {
      this.hits++;
      // Least recently used goes first: a hit moves the entry to the end of the Map's order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    // A front cache may keep this answer to the end of this second (decision 0135).
    const extra = [
      "X-Request-Id",
      requestId,
      "X-Cache",
      state,
      "X-Accel-Expires",
      `@${Math.floor(Date.now() / 1000)}`,
    ];
    const conditional = req.headers["if-none-match"];
    if (conditional && etagMatches(conditional, entry.etag)) {
      res.writeHead(304, entry.notModified.concat(extra));
      res.end();
      return true;
    }
    const accepted = req.headers["accept-encoding"] ?? "";
    const encoding: Encoding = /\bbr\b/.test(accepted)
      ? "br"
      : /\bgzip\b/.test(accepted)
        ? "gzip"
        : "identity";
    const head = entry.head[encoding] ?? this.encode(entry, encoding);
    res.writeHead(200, head.concat(extra));
    res.end(req.method === "HEAD" ? undefined : entry.body[encoding]);
    return true;
  }

  /**
   * An entry's body in an encoding no visitor has asked for before: compressed now, once, and kept
   * (decision 0137). A fill compresses nothing, and an encoding nobody uses (identity, gzip, for most
   * of today's browsers) is never made.
   */
  private encode(entry: Entry, encoding: Encoding): string[] {
    if (encoding !== "identity" && !entry.body[encoding]) {
      const identity = entry.body.identity;
      // Levels chosen by measurement (docs/performance.md, "Compression of a cached page", decision
      // 0128): gzip 6 and brotli 6 are within 1 % of gzip 9 / brotli 8 in bytes on the demo page;
      // brotli 8 and above cost several times the render.
      const compressed =
        encoding === "gzip"
          ? gzipSync(identity, { level: 6 })
          : brotliCompressSync(identity, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
              },
            });
      entry.body[encoding] = compressed;
      entry.bytes += compressed.length;
      // Only while the entry is still held: a dropped one's bytes were already given back.
      if (entry.held) this.bytes += compressed.length;
      this.compressions++;
    }
    const body = entry.body[encoding]!;
    const head = [
      ...entry.notModified,
      ...(encoding === "identity" ? [] : ["Content-Encoding", encoding]),
      "Content-Length",
      String(body.length),
    ];
    entry.head[encoding] = head;
    return head;
  }

  /** The store's current id and version, read before rendering (a miss). */
  async currentVersion(db: Queryable, username: string): Promise<{ id: string; version: number } | null> {
    const [row] = await db
      .select({ id: store.id, version: store.version })
      .from(store)
      .where(eq(store.username, username));
    if (!row) return null;
    this.versions.note(row.id, row.version);
    return row;
  }

  /** Stores a render; false when it may not be kept (cache off, or the store changed meanwhile). */
  put(
    key: string,
    value: { storeId: string; version: number; headers: [string, string][]; body: Buffer; nonce: string },
  ): boolean {
    if (!this.listening || !value.nonce) return false;
    // Only if nothing changed while rendering: a newer version means this render may be stale.
    if (this.versions.newest(value.storeId) !== value.version) return false;
    const html = value.body.toString("utf8");
    const identity = value.body;
    const etag = `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
    const common = value.headers.flatMap(([name, header]) => [
      name,
      name === "content-security-policy" ? hashPolicy(header, value.nonce, html) : header,
    ]);
    common.push("Vary", "Accept-Encoding, Cookie", "ETag", etag);
    const bytes = identity.length;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    while (this.entries.size >= this.limits.entries || this.bytes + bytes > this.limits.bytes) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.drop(oldest[0], oldest[1]);
    }
    this.entries.set(key, {
      storeId: value.storeId,
      version: value.version,
      etag,
      body: { identity },
      head: {},
      notModified: common,
      bytes,
      held: true,
    });
    this.bytes += bytes;
    return true;
  }

  private drop(key: string, entry: Entry) {
    entry.held = false;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

function etagMatches(header: string, etag: string): boolean {
  const opaque = etag.slice(2);
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag === etag || tag === opaque || tag === `W/${opaque}`;
  });
}

/**
 * A cached page's CSP allows its inline scripts by hash instead of by the render's nonce: the bytes
 * stay the same for every visitor (so they are compressed once) and no nonce is ever reused.
 */
export function hashPolicy(policy: string, nonce: string, html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const [, attributes = "", content = ""] = match;
    if (/\bsrc=/.test(attributes) || /type="application\/ld\+json"/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return policy.replace(`'nonce-${nonce}'`, [...hashes].join(" "));
}
