import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { eq } from "drizzle-orm";
import type { Database, Queryable } from "~/db/client.server";
import { store } from "~/db/schema/stores";
import { skopjeDay } from "~/features/confirmation/calendar";
import type { Clock } from "~/features/confirmation/clock.server";
import { localeFromCookieHeader } from "~/i18n/config";
import { logger } from "~/lib/logger.server";

// The rendered public store page, cached per store and query (decision 0007-i6).
// Validity: an entry carries the store.version it was rendered at; database triggers bump the
// version in the same transaction as any change the page shows and NOTIFY every instance, which
// keeps `known` current. A hit costs no query. Without a live listener nothing is served from cache.

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
const FLASH_COOKIE = /(?:^|;\s*)flash=/;
const STORE_PATH = /^\/([a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9])\/?$/;
const MAX_ENTRIES = 5000;
const MAX_BYTES = 256 * 1024 * 1024;
/** The CSP nonce is replaced per response, so a cached page never reuses one. */
const NONCE_PLACEHOLDER = "__VITRINA_NONCE__";

type Entry = {
  storeId: string;
  version: number;
  headers: [string, string][];
  /** The body split at each occurrence of the nonce. */
  parts: Buffer[];
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
  private known = new Map<string, number>();
  private bytes = 0;
  private listening = false;
  private stopListening: (() => Promise<void>) | null = null;
  hits = 0;
  misses = 0;

  constructor(private readonly clock: Clock) {}

  async start(database: Pick<Database, "listen">): Promise<void> {
    try {
      this.stopListening = await database.listen(
        "store_version",
        (payload) => this.noteVersion(payload),
        () => this.lostListener(database),
      );
      this.listening = true;
    } catch (error) {
      logger.error({ err: error }, "page cache: LISTEN failed; serving uncached");
      this.listening = false;
    }
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.clear();
    await this.stopListening?.().catch(() => undefined);
  }

  private lostListener(database: Pick<Database, "listen">) {
    // Changes made while we were not listening would go unnoticed: drop everything, reconnect.
    this.listening = false;
    this.clear();
    setTimeout(() => void this.start(database), 1000).unref();
  }

  clear() {
    this.entries.clear();
    this.known.clear();
    this.bytes = 0;
  }

  /** "storeId:version" from the trigger's NOTIFY. */
  noteVersion(payload: string) {
    const [storeId, raw] = payload.split(":");
    const version = Number(raw);
    if (!storeId || !Number.isInteger(version)) return;
    if ((this.known.get(storeId) ?? 0) < version) this.known.set(storeId, version);
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
    if (!entry || this.known.get(entry.storeId) !== entry.version) {
      if (entry) this.drop(key, entry);
      this.misses++;
      return false;
    }
    this.hits++;
    const nonce = randomBytes(16).toString("base64");
    const nonceBytes = Buffer.from(nonce);
    const chunks: Buffer[] = [];
    entry.parts.forEach((part, index) => {
      if (index > 0) chunks.push(nonceBytes);
      chunks.push(part);
    });
    const body = Buffer.concat(chunks);
    for (const [name, value] of entry.headers)
      res.setHeader(name, value.replaceAll(NONCE_PLACEHOLDER, nonce));
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
    if ((this.known.get(row.id) ?? 0) < row.version) this.known.set(row.id, row.version);
    return row;
  }

  put(
    key: string,
    value: { storeId: string; version: number; headers: [string, string][]; body: Buffer; nonce: string },
  ) {
    if (!this.listening || !value.nonce) return;
    // Only if nothing changed while rendering: a newer version means this render may be stale.
    if (this.known.get(value.storeId) !== value.version) return;
    const text = value.body.toString("utf8");
    const parts = text.split(value.nonce).map((part) => Buffer.from(part));
    const headers = value.headers.map(
      ([name, header]) => [name, header.replaceAll(value.nonce, NONCE_PLACEHOLDER)] as [string, string],
    );
    const bytes = parts.reduce((sum, part) => sum + part.length, 0);
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    while (this.entries.size >= MAX_ENTRIES || this.bytes + bytes > MAX_BYTES) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.drop(oldest[0], oldest[1]);
    }
    this.entries.set(key, { storeId: value.storeId, version: value.version, headers, parts, bytes });
    this.bytes += bytes;
  }

  private drop(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
