import { createServer, type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { csvEtag, csvLocale, heldFeedResponse } from "~/features/feeds/feed.server";
import { encodedNow } from "~/features/feeds/feed-encodings.server";
import { compressResponses } from "./compress-responses";
import { feedEdge, type HeldFeed } from "./feed-edge";
import { frontCacheExpiryHeaders } from "./front-cache-expiry";
import { securityHeaders } from "./security-headers";

// The edge in front of a stand-in for the feed routes that answers as they do (the feeds' own
// heldFeedResponse, sent the way React Router's Express adapter sends a Response): a file answered
// on the raw Node request must be the same answer, headers and bytes, as the one Express gave.

const SESSION = "better-auth.session_token=abc";

/** A feed as feed.server.ts holds it: bytes above the compression threshold. */
function heldFeed(storeId: string, version: number, text: string): HeldFeed {
  const bytes = (lang: string) => Buffer.from(`${lang};${text};`.repeat(400), "utf8");
  return {
    storeId,
    version,
    etag: `"${storeId.slice(0, 8)}-${version}"`,
    json: Buffer.from(
      JSON.stringify({ version, items: Array.from({ length: 300 }, (_, i) => `${text}-${i}`) }),
    ),
    csv: { mk: bytes("mk"), en: bytes("en"), sq: bytes("sq") },
  };
}

const feeds = new Map<string, HeldFeed>();
const newest = new Map<string, number>();
let live = true;
let routed = 0;
let setCookie = false;
let server: Server;
let base: string;

beforeAll(async () => {
  const edge = feedEdge({
    rootDomain: "localhost",
    platform: { rootDomain: "localhost", baseUrl: "http://localhost:3000" },
    domains: { ofUsername: (username) => (username === "on-its-domain" ? { domain: "shop.mk" } : undefined) },
    versions: {
      newest: (storeId) => newest.get(storeId),
      get isLive() {
        return live;
      },
    },
    held: (username) => feeds.get(username) ?? null,
    encoded: encodedNow,
  });
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader("X-Request-Id", "from-express");
    next();
  });
  app.use(securityHeaders({ production: true, https: true }));
  app.use(compressResponses());
  app.use(frontCacheExpiryHeaders());
  app.use(edge.capture);
  app.get("/:username/prices.:format", async (req, res) => {
    routed++;
    const feed = feeds.get(req.params.username);
    if (!feed || (req.params.format !== "json" && req.params.format !== "csv")) return res.sendStatus(404);
    const url = new URL(req.originalUrl, "http://localhost");
    const locale = csvLocale(url);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(name, value);
    const response = await heldFeedResponse(
      new Request(url, { headers }),
      req.params.format === "json" ? feed.json : feed.csv[locale],
      {
        type: req.params.format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
        etag: req.params.format === "json" ? feed.etag : csvEtag(feed.etag, locale),
        lastModified: new Date("2026-11-20T07:00:00Z"),
        filename: `${req.params.username}-prices.${req.params.format}`,
      },
    );
    res.status(response.status);
    for (const [name, value] of response.headers) res.append(name, value);
    if (setCookie) res.append("set-cookie", "a=b");
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  server = createServer((req, res) => {
    if (!edge.fastPath(req, res)) app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  live = true;
  setCookie = false;
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** One request as wrk or a crawler sends it: the body as it came over the wire. */
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on("error", reject)
      .end();
  });
}

/** The headers an answer shares with every other answer of the same file (not the per-request ones). */
function lasting(headers: IncomingHttpHeaders) {
  const {
    "x-request-id": _id,
    "x-cache": _cache,
    "x-accel-expires": _expires,
    date: _date,
    ...rest
  } = headers;
  return rest;
}

function hold(username: string, storeId: string, version: number, text = username) {
  feeds.set(username, heldFeed(storeId, version, text));
  newest.set(storeId, version);
}

describe("a store's live files answered before Express", () => {
  it("answers the second request of a version as Express answered the first: same headers, same bytes", async () => {
    hold("corner", "store-corner-1", 7);
    for (const [path, encoding] of [
      ["/corner/prices.json", "gzip"],
      ["/corner/prices.json", "br"],
      ["/corner/prices.json", "identity"],
      ["/corner/prices.csv", "gzip"],
      ["/corner/prices.csv?lang=sq", "br"],
      ["/corner/prices.csv?lang=en", "identity"],
    ] as const) {
      const before = routed;
      const first = await get(path, { "accept-encoding": encoding });
      expect(routed, path).toBe(before + 1);
      expect(first.headers["x-cache"]).toBeUndefined();
      const second = await get(path, { "accept-encoding": encoding });
      expect(routed, `${path} ${encoding}: the second answer came from the edge`).toBe(before + 1);
      expect(second.headers["x-cache"]).toBe("HIT");
      expect(second.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.status).toBe(200);
      expect(lasting(second.headers)).toEqual(lasting(first.headers));
      expect(second.body.equals(first.body), `${path} ${encoding}: the same bytes`).toBe(true);
      expect(second.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
    }
  });

  it("goes to Express again once the store has a newer version, and answers the new one after that", async () => {
    hold("fresh", "store-fresh-01", 1, "old prices");
    await get("/fresh/prices.json");
    expect((await get("/fresh/prices.json")).headers["x-cache"]).toBe("HIT");
    // A price change: the database's trigger moves the version, the held feed is rebuilt later.
    newest.set("store-fresh-01", 2);
    const before = routed;
    const stale = await get("/fresh/prices.json");
    expect(routed).toBe(before + 1);
    expect(stale.headers["x-cache"]).toBeUndefined();
    hold("fresh", "store-fresh-01", 2, "new prices");
    const rebuilt = await get("/fresh/prices.json");
    expect(rebuilt.body.toString()).toContain("new prices");
    expect(rebuilt.headers["x-cache"]).toBeUndefined();
    const hit = await get("/fresh/prices.json");
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.headers.etag).toBe('"store-fr-2"');
    expect(hit.body.toString()).toContain("new prices");
  });

  it("answers a matching If-None-Match with the 304 Express gave, and a stale one with the file", async () => {
    hold("polled", "store-polled-1", 3);
    const etag = '"store-po-3"';
    const first = await get("/polled/prices.json", { "if-none-match": etag });
    expect(first.status).toBe(304);
    const before = routed;
    const second = await get("/polled/prices.json", { "if-none-match": `"other", ${etag}` });
    expect(second.status).toBe(304);
    expect(routed).toBe(before);
    expect(second.body.length).toBe(0);
    expect(lasting(second.headers)).toEqual(lasting(first.headers));
    await get("/polled/prices.json", { "if-none-match": '"store-po-2"' });
    const stale = await get("/polled/prices.json", { "if-none-match": '"store-po-2"' });
    expect(stale.status).toBe(200);
    expect(stale.headers["x-cache"]).toBe("HIT");
    expect(JSON.parse(stale.body.toString()).version).toBe(3);
  });

  it("answers HEAD with the headers only", async () => {
    hold("headed", "store-headed-1", 1);
    const first = await get("/headed/prices.csv", {}, "HEAD");
    const second = await get("/headed/prices.csv", {}, "HEAD");
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.body.length).toBe(0);
    expect(lasting(second.headers)).toEqual(lasting(first.headers));
  });

  it("leaves to Express what it is not sure of", async () => {
    hold("careful", "store-careful", 1);
    hold("on-its-domain", "store-domain", 1);
    const asks: [string, Record<string, string>][] = [
      ["/careful/prices.json", { cookie: SESSION }],
      ["/careful/prices.json", { "if-modified-since": "Fri, 20 Nov 2026 08:00:00 GMT" }],
      ["/careful/prices.json?lang=sq", {}],
      ["/careful/prices.csv?lang=xx", {}],
      ["/careful/prices.csv?lang=sq&x=1", {}],
      ["/careful/prices.json/", {}],
      ["/careful%2Fprices.json", {}],
      ["/dashboard/prices.json", {}],
      ["/on-its-domain/prices.json", {}],
      ["/careful/prices.json", { host: "shop.example.com" }],
      ["/careful/prices.json", { host: "other-store.localhost" }],
    ];
    for (const [path, headers] of asks) {
      await get(path, headers);
      const again = await get(path, headers);
      expect(again.headers["x-cache"], `${path} ${JSON.stringify(headers)}`).toBeUndefined();
    }
  });

  it("answers nothing while the versions are not being heard", async () => {
    hold("deaf", "store-deaf-01", 1);
    await get("/deaf/prices.json");
    live = false;
    const before = routed;
    await get("/deaf/prices.json");
    expect(routed).toBe(before + 1);
  });

  it("keeps no answer that set a cookie", async () => {
    hold("cookie", "store-cookie1", 1);
    setCookie = true;
    await get("/cookie/prices.json");
    setCookie = false;
    const before = routed;
    const again = await get("/cookie/prices.json");
    expect(routed).toBe(before + 1);
    expect(again.headers["set-cookie"]).toBeUndefined();
  });

  it("never answers one store's file with another's headers or bytes", async () => {
    hold("first-shop", "store-first-1", 1, "first shop's list");
    hold("second-shop", "store-second", 1, "second shop's list");
    await get("/first-shop/prices.json");
    // The second store's file has never gone through Express: nothing of the first store's is used.
    const before = routed;
    const second = await get("/second-shop/prices.json");
    expect(routed).toBe(before + 1);
    expect(second.body.toString()).toContain("second shop's list");
    const hit = await get("/second-shop/prices.json");
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.headers["content-disposition"]).toContain("second-shop-prices.json");
    expect(hit.body.toString()).toContain("second shop's list");
    expect(hit.body.toString()).not.toContain("first shop's list");
  });
});
