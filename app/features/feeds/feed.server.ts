import { createHash } from "node:crypto";
import type { Queryable } from "~/db/client.server";
import { letOthersRun } from "~/db/let-others-run.server";
import { storeOrigin } from "~/features/domains/domain-directory.server";
import { findPointOfSaleBySlug } from "~/features/points-of-sale/point-of-sale.server";
import { buildPointOfSalePriceList } from "~/features/points-of-sale/point-of-sale-prices.server";
import { publicStoreCache } from "~/features/storefront/public-caches.server";
import type { PublicStoreCache } from "~/features/storefront/public-store-cache.server";
import type { Store } from "~/features/stores/store.server";
import { DEFAULT_LOCALE, LOCALES, type Locale, parseLocale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { AppError } from "~/lib/app-error";
import { bytesResponse } from "~/lib/bytes-response.server";
import { getConfig } from "~/lib/config.server";
import { encodedOnce, type FeedEncoding, preferredEncoding } from "./feed-encodings.server";
import { buildPriceList } from "./price-list.server";
import { toXlsx } from "./price-list-xlsx.server";
import { fromJson, toCsv, toJson } from "./serialize";

// The live feeds, built once per store version (the version moves with every change the list
// shows, decision 0016), so a crawler polling every minute costs one indexed lookup, or none while
// the store is held in memory (decision 0100). Requests that arrive while a version is being built
// share that build: after a change, 200 visitors asking for a 20,000-product list caused one build,
// not one each (the soak).

type Built = {
  version: number;
  /** The origin its image URLs name (the store's own domain while served): a new one is a new feed. */
  origin: string;
  /**
   * The CSV in each language (for people) and the JSON (one, English keys), as UTF-8 bytes,
   * encoded once per version and answered as they are (decisions 0111, 0112). Only the bytes are
   * held: the strings they were made from took about as much again in V8's heap (Cyrillic is two
   * bytes a character there), for no answer.
   */
  csv: Record<Locale, Buffer>;
  json: Buffer;
  etag: string;
  lastModified: Date;
  /** The store's username, for the store's own list (not a point of sale's). */
  username?: string;
};
const built = new Map<string, Built>();
/** The key of each store's own held list, by username: the server's fast path finds it without a query. */
const heldByUsername = new Map<string, string>();
const building = new Map<string, Promise<Built>>();
const MAX_STORES = 500;
/**
 * Decision 0111: the count alone did not bound the memory: one 20,000-product store's feeds (the JSON and
 * three CSVs) hold about 40 MB. At most this much is held (FEED_CACHE_MB; least recently built out).
 */
const MAX_BYTES = Number(process.env.FEED_CACHE_MB ?? 128) * 1024 * 1024;
let bytesHeld = 0;

/** What a feed takes in memory: its UTF-8 bytes. */
function sizeOf(entry: Built): number {
  return entry.json.byteLength + Object.values(entry.csv).reduce((sum, csv) => sum + csv.byteLength, 0);
}

function forget(key: string) {
  const entry = built.get(key);
  if (!entry) return;
  built.delete(key);
  bytesHeld -= sizeOf(entry);
  if (entry.username && heldByUsername.get(entry.username) === key) heldByUsername.delete(entry.username);
}

/**
 * A store's own live list as it is held now, without a query or a wait; null when none is held
 * (server/feed-edge.ts answers from it only while its version is the store's newest).
 */
export function heldStoreFeed(
  username: string,
): (Pick<Built, "version" | "etag" | "csv" | "json"> & { storeId: string }) | null {
  const key = heldByUsername.get(username);
  const entry = key === undefined ? undefined : built.get(key);
  return key !== undefined && entry ? { storeId: key, ...entry } : null;
}

/** How many feeds are held, and their size (tests, metrics). */
export function feedCacheStats(): { feeds: number; bytes: number } {
  return { feeds: built.size, bytes: bytesHeld };
}

export async function getLiveFeed(
  db: Queryable,
  username: string,
  /** A point of sale's own list at /{username}/{slug}/… (decision 0068); the store's list without one. */
  pointOfSaleSlug?: string,
  stores: Pick<PublicStoreCache, "get"> = publicStoreCache,
): Promise<Built> {
  const store = await stores.get(db, username);
  if (!store) throw new AppError("storeNotFound");
  const point =
    pointOfSaleSlug === undefined ? null : await findPointOfSaleBySlug(db, store.id, pointOfSaleSlug);
  if (pointOfSaleSlug !== undefined && !point) throw new AppError("storeNotFound");
  // A point's id is unique across stores: its entry and ETag never meet the store's.
  const key = point ? point.id : store.id;
  // A domain verified or removed changes no row the version follows, but the images' addresses.
  const origin = storeOrigin(store.username, getConfig().baseUrl);
  const cached = built.get(key);
  if (cached && cached.version === store.version && cached.origin === origin) return cached;
  const job = `${key}|${store.version}|${origin}`;
  let pending = building.get(job);
  if (!pending) {
    pending = buildFeed(db, store, point, key, origin).finally(() => building.delete(job));
    building.set(job, pending);
  }
  const entry = await pending;
  const held = built.get(key);
  // Only forward: a slower build of an older version never replaces a newer one; a build for an
  // origin that changed while it ran is answered but not held.
  const newer =
    (held?.version ?? -1) < entry.version ||
    (held?.version === entry.version && held.origin !== entry.origin);
  if (newer && entry.origin === storeOrigin(store.username, getConfig().baseUrl)) {
    forget(key);
    const size = sizeOf(entry);
    while (built.size > 0 && (built.size >= MAX_STORES || bytesHeld + size > MAX_BYTES))
      forget(built.keys().next().value!);
    // A feed larger than the whole budget is answered but not held.
    if (size <= MAX_BYTES) {
      if (!point) {
        entry.username = store.username;
        heldByUsername.set(store.username, key);
      }
      built.set(key, entry);
      bytesHeld += size;
    }
  }
  return entry;
}

async function buildFeed(
  db: Queryable,
  store: Store,
  point: Awaited<ReturnType<typeof findPointOfSaleBySlug>>,
  key: string,
  origin: string,
): Promise<Built> {
  const list = point
    ? await buildPointOfSalePriceList(db, store, point, undefined, origin)
    : await buildPriceList(db, store, undefined, undefined, origin);
  // Each file is written and encoded in a turn of its own: for a 20,000-product list each takes
  // 100–200 ms, and in one piece they held the loop for over a second (decision 0112).
  const csv = {} as Built["csv"];
  for (const locale of LOCALES) {
    await letOthersRun();
    csv[locale] = Buffer.from(toCsv(list, getFixedT(locale)), "utf8");
  }
  await letOthersRun();
  return {
    version: store.version,
    origin,
    csv,
    json: Buffer.from(toJson(list), "utf8"),
    etag: feedEtag(key, store.version, origin),
    // The newest change the list shows, or the moment the version last moved: a deletion or a
    // category rename leaves no newer row behind, and Last-Modified must never go back in time.
    lastModified: new Date(Math.max(Date.parse(list.updatedAt), store.versionChangedAt.getTime())),
  };
}

/** A store's own domain names its images there: another representation than the platform's list. */
function feedEtag(key: string, version: number, origin: string): string {
  const platform = origin === new URL(getConfig().baseUrl).origin;
  const domain = platform ? "" : `-${createHash("sha256").update(origin).digest("hex").slice(0, 8)}`;
  return `"${key.slice(0, 8)}-${version}${domain}"`;
}

/** Workbooks made for a held version, per language: built on the first request, from its JSON. */
const workbooks = new WeakMap<Built, Partial<Record<Locale, Promise<Buffer>>>>();

/**
 * The price list as an .xlsx in `locale`, for the version `feed` holds: made once, from the held JSON
 * (so it shows exactly what the JSON and CSV of that version show), and kept as long as the version is.
 */
export function heldXlsx(feed: Built, locale: Locale): Promise<Buffer> {
  let made = workbooks.get(feed);
  if (!made) {
    made = {};
    workbooks.set(feed, made);
  }
  let pending = made[locale];
  if (!pending) {
    pending = letOthersRun().then(() => toXlsx(fromJson(feed.json.toString("utf8")), getFixedT(locale)));
    made[locale] = pending;
    pending.catch(() => {
      if (made[locale] === pending) delete made[locale];
    });
  }
  return pending;
}

/** An .xlsx in each language is a representation of its own, apart from the CSV's. */
export function xlsxEtag(etag: string, locale: Locale): string {
  return `${etag.slice(0, -1)}-${locale}-xlsx"`;
}

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The language of a CSV: the store's language, Macedonian, unless the URL asks for another with
 * ?lang=sq|en (or mk). The URL alone decides, so a link given to an inspector always reads the same.
 */
export function csvLocale(url: URL): Locale {
  const lang = url.searchParams.get("lang");
  return lang ? parseLocale(lang) : DEFAULT_LOCALE;
}

/** Each language of a CSV is a representation of its own. */
export function csvEtag(etag: string, locale: Locale): string {
  return `${etag.slice(0, -1)}-${locale}"`;
}

type FeedAnswer = { type: string; etag?: string; lastModified: Date; filename: string; immutable?: boolean };

/**
 * A live feed's held bytes, compressed by the visitor's Accept-Encoding once per version (decision
 * 0134); 304 when the client already has this version.
 */
export async function heldFeedResponse(
  request: Request,
  bytes: Buffer,
  options: FeedAnswer,
): Promise<Response> {
  const asked = preferredEncoding(request.headers.get("accept-encoding"));
  // A revalidation that will answer 304 compresses nothing.
  const { body, encoding } = isNotModified(request, options)
    ? { body: bytes, encoding: "identity" as const }
    : await encodedOnce(bytes, asked);
  return feedResponse(request, body, { ...options, encoding });
}

function isNotModified(request: Request, options: Pick<FeedAnswer, "etag" | "lastModified">): boolean {
  const ifNoneMatch = request.headers.get("if-none-match");
  const ifModifiedSince = request.headers.get("if-modified-since");
  return ifNoneMatch
    ? Boolean(options.etag) && ifNoneMatch.split(",").some((tag) => tag.trim() === options.etag)
    : ifModifiedSince
      ? Math.floor(options.lastModified.getTime() / 1000) <=
        Math.floor(new Date(ifModifiedSince).getTime() / 1000)
      : false;
}

/** 304 when the client already has this version; the body otherwise. */
export function feedResponse(
  request: Request,
  /** The live feeds' bytes, encoded once per version; an archived day's text. */
  body: string | Buffer,
  /** encoding: the coding `body` is already in (the held feeds', heldFeedResponse). */
  options: FeedAnswer & { encoding?: FeedEncoding },
): Response {
  const headers = new Headers({
    "Content-Type": options.type,
    "Last-Modified": options.lastModified.toUTCString(),
    "Cache-Control": options.immutable ? "public, max-age=86400" : "public, max-age=0, must-revalidate",
    "Content-Disposition": `inline; filename="${options.filename}"`,
    "Access-Control-Allow-Origin": "*",
  });
  if (options.etag) headers.set("ETag", options.etag);
  if (options.encoding) {
    // The response middleware leaves an answer that names its coding alone (decision 0079).
    headers.set("Vary", "Accept-Encoding");
    if (options.encoding !== "identity") headers.set("Content-Encoding", options.encoding);
  }
  if (isNotModified(request, options)) return new Response(null, { status: 304, headers });
  return typeof body === "string"
    ? new Response(body, { status: 200, headers })
    : bytesResponse(body, { status: 200, headers });
}
