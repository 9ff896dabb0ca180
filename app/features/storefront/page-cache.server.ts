import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { store } from "~/db/schema/stores";
import { skopjeDay } from "~/features/confirmation/calendar";
import type { Clock } from "~/features/confirmation/clock.server";
import { localeFromCookieHeader } from "~/i18n/config";
import type { StoreVersions } from "./store-versions.server";

// The rendered public store page, cached per store and query (decision 0016).
// Validity: an entry carries the store.version it was rendered at and is served only while that is
// the newest version StoreVersions knows of. A hit costs no query. Without a live listener nothing
// is served from cache. PAGE_CACHE=off disables it (benchmarks of the uncached page).

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
const FLASH_COOKIE = /(?:^|;\s*)flash=/;
const STORE_PATH = /^\/([a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9])\/?$/;
const MAX_ENTRIES = 5000;
const MAX_BYTES = 256 * 1024 * 1024;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

type Entry = {
  storeId: string;
  version: number;
  headers: [string, string][];
  body: { identity: Buffer; gzip: Buffer; br: Buffer };
  bytes: number;
};

export type PageCacheStats = {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
  listening: boolean;
};

export class StorePageCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly enabled = process.env.PAGE_CACHE !== "off";
  hits = 0;
  misses = 0;

  constructor(
    private readonly clock: Clock,
    private readonly versions: StoreVersions,
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

  /** The cache key of a request that may be served from cache, or null. */
  keyFor(method: string, url: string, cookie: string | undefined): string | null {
    if (!this.listening || (method !== "GET" && method !== "HEAD")) return null;
    if (cookie && (SESSION_COOKIE.test(cookie) || FLASH_COOKIE.test(cookie))) return null;
    const queryAt = url.indexOf("?");
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const match = STORE_PATH.exec(path);
    if (!match) return null;
    const search = queryAt === -1 ? "" : url.slice(queryAt);
    if (search.length > 300) return null;
    // The day is part of the key: "confirmed today" turns into "last confirmed" at midnight.
    return `${match[1]}|${localeFromCookieHeader(cookie ?? null)}|${skopjeDay(this.clock.now())}|${search}`;
  }

  /** Serves a cached page; false when the request must be rendered. */
  serve(key: string, req: IncomingMessage, res: ServerResponse): boolean {
    const entry = this.entries.get(key);
    if (!entry || this.versions.newest(entry.storeId) !== entry.version) {
      if (entry) this.drop(key, entry);
      this.misses++;
      return false;
    }
    this.hits++;
    const accepted = req.headers["accept-encoding"] ?? "";
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : "identity";
    const body = entry.body[encoding];
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    res.setHeader("Content-Length", body.length);
    res.setHeader("X-Cache", "HIT");
    res.statusCode = 200;
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
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

  put(
    key: string,
    value: { storeId: string; version: number; headers: [string, string][]; body: Buffer; nonce: string },
  ) {
    if (!this.listening || !value.nonce) return;
    // Only if nothing changed while rendering: a newer version means this render may be stale.
    if (this.versions.newest(value.storeId) !== value.version) return;
    const html = value.body.toString("utf8");
    const headers = value.headers.map(
      ([name, header]) =>
        [name, name === "content-security-policy" ? hashPolicy(header, value.nonce, html) : header] as [
          string,
          string,
        ],
    );
    const identity = value.body;
    const body = {
      identity,
      gzip: gzipSync(identity, { level: 9 }),
      br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
    };
    const bytes = identity.length + body.gzip.length + body.br.length;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    while (this.entries.size >= MAX_ENTRIES || this.bytes + bytes > MAX_BYTES) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.drop(oldest[0], oldest[1]);
    }
    this.entries.set(key, { storeId: value.storeId, version: value.version, headers, body, bytes });
    this.bytes += bytes;
  }

  private drop(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
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
