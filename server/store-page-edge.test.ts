import { createServer, type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { StorePageCache } from "~/features/storefront/page-cache.server";
import { StoreVersions } from "~/features/storefront/store-versions.server";
import { fixedClock } from "~/lib/clock.server";
import { createTestStore, openTestDatabase } from "../tests/support/test-db";
import { compressResponses } from "./compress-responses";
import { securityHeaders } from "./security-headers";
import { storePageEdge } from "./store-page-edge";

// The edge in front of a stand-in for React Router that answers the way its Express adapter does
// (res.append, then the page in one write): the cache hit answered on the raw Node request must be
// the same answer, headers and bytes, as the render that filled it.

let database: Database;
let versions: StoreVersions;
let cache: StorePageCache;
let server: Server;
let base: string;
let renders = 0;
let shop: { username: string; storeId: string };

beforeAll(async () => {
  database = await openTestDatabase();
  versions = new StoreVersions();
  await versions.start(database);
  cache = new StorePageCache(fixedClock("2026-11-20T07:00:00Z"), versions);
  shop = await createTestStore(database);
  const edge = storePageEdge({
    cache,
    rootDomain: "localhost",
    currentVersion: (username) => cache.currentVersion(database.db, username),
    nonceOf: (res) => String(res.locals.cspNonce),
  });
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader("X-Request-Id", "from-express");
    next();
  });
  app.use(securityHeaders({ production: true, https: true }));
  // As server/app.ts mounts them: a miss's cached, compressed answer must not be compressed again.
  app.use(compressResponses());
  app.use(edge.middleware);
  // The landing page, as React Router answers it: the navigation rules may redirect a visitor.
  app.get("/", (req, res) => {
    if (req.query.go) return res.redirect(302, "/onboarding");
    res.setHeader("cache-control", "public, max-age=0, must-revalidate");
    res.type("html").send("<!doctype html><p>landing</p>");
  });
  app.get("/:username", async (req, res) => {
    renders++;
    // A view that takes a while to render, as a large store's does.
    if (req.query.page === "42") await new Promise((resolve) => setTimeout(resolve, 200));
    const signedIn = /session_token=/.test(req.headers.cookie ?? "");
    const lang = /lang=en/.test(req.headers.cookie ?? "") ? "en" : "mk";
    // Decision 0055: the page says nothing of the session (the browser asks after mount).
    const html = `<!doctype html><html lang="${lang}"><p>${req.params.username} ${req.url}</p><script nonce="${res.locals.cspNonce}">hydrate()</script></html>`;
    res.status(200);
    // As better-auth does when it extends a session: a cookie for this visitor alone.
    if (signedIn && req.query.page === "99") res.append("set-cookie", "better-auth.session_token=renewed");
    res.append("cache-control", "public, max-age=0, must-revalidate");
    res.append("content-type", "text/html; charset=utf-8");
    res.write(Buffer.from(html));
    res.end();
  });
  server = createServer((req, res) => {
    if (!edge.fastPath(req, res)) app(req, res);
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.close();
  await versions?.stop();
  await database?.close();
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A request as a browser sends it, with the bytes as they arrive (no decompression). */
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const [host, port] = base.split(":");
    request({ host, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on("error", reject)
      .end();
  });
}

/** What must be equal between two answers to the same view: all but the per-request headers. */
function comparable(answer: Answer) {
  const {
    date,
    "x-request-id": id,
    "x-cache": cache,
    "x-accel-expires": expiry,
    "keep-alive": _,
    ...headers
  } = answer.headers;
  expect(date).toBeTruthy();
  expect(id).toBeTruthy();
  // The second this answer was made in, for a front cache (decision 0135): never replayed from the entry.
  expect(expiry).toMatch(/^@\d+$/);
  expect(Math.abs(Number(String(expiry).slice(1)) - Date.now() / 1000)).toBeLessThan(2);
  return { status: answer.status, headers, body: answer.body.toString("base64") };
}

describe("store page edge", () => {
  it("answers a hit on the raw request with the same status, headers and bytes as the render", async () => {
    for (const [path, encoding] of [
      [`/${shop.username}?page=2`, "identity"],
      [`/${shop.username}?page=3`, "gzip, deflate"],
      [`/${shop.username}?page=4`, "gzip, deflate, br"],
    ] as const) {
      const before = renders;
      const miss = await get(path, { "accept-encoding": encoding });
      const hit = await get(path, { "accept-encoding": encoding });
      expect(renders, path).toBe(before + 1);
      expect([miss.headers["x-cache"], hit.headers["x-cache"]]).toEqual(["MISS", "HIT"]);
      expect(miss.headers["x-request-id"]).toBe("from-express");
      expect(comparable(hit)).toEqual(comparable(miss));
      const html = {
        identity: (b: Buffer) => b,
        "gzip, deflate": gunzipSync,
        "gzip, deflate, br": brotliDecompressSync,
      }
        [encoding](hit.body)
        .toString();
      expect(html).toContain(`${shop.username} ${path}</p>`);
      // Security headers and caching headers are the render's, the CSP allowing the script by hash.
      expect(hit.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
      expect(hit.headers.vary).toBe("Accept-Encoding, Cookie");
      expect(hit.headers["x-frame-options"]).toBe("DENY");
      expect(hit.headers["strict-transport-security"]).toContain("max-age=");
      expect(hit.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[^']+'/);
      expect(hit.headers["content-security-policy"]).not.toContain("nonce-");
      expect(hit.headers["content-length"]).toBe(String(hit.body.length));
    }
  });

  it("answers 304 to a browser that holds the version, and HEAD without a body, from both paths", async () => {
    const path = `/${shop.username}?page=5`;
    const miss = await get(path, {}, "HEAD");
    expect([miss.status, miss.body.length]).toEqual([200, 0]);
    const first = await get(path);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const notModified = await get(path, { "if-none-match": etag });
    expect([notModified.status, notModified.body.length, notModified.headers.etag]).toEqual([304, 0, etag]);
    expect(notModified.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect((await get(path, { "if-none-match": 'W/"other"' })).status).toBe(200);
  });

  // Decision 0100: after each write of the soak, every visitor of a view rendered it.
  it("renders a view once when many visitors miss it at the same time; all get the same page", async () => {
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 10 }, () => get(`/${shop.username}?page=42`)));
    expect(renders - before).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((answer) => answer.body.toString())).size).toBe(1);
  });

  it("keeps languages apart", async () => {
    const path = `/${shop.username}?page=6`;
    await get(path);
    const en = await get(path, { cookie: "lang=en" });
    expect(en.body.toString()).toContain('lang="en"');
    expect((await get(path, { cookie: "lang=en" })).headers["x-cache"]).toBe("HIT");
    expect((await get(path)).body.toString()).toContain('lang="mk"');
  });

  it("gives a signed-in visitor the page everyone gets: the same cached bytes and cache headers", async () => {
    const path = `/${shop.username}?page=7`;
    const visitor = await get(path);
    const before = { renders, entries: cache.stats().entries };
    for (const cookie of [
      "better-auth.session_token=abc",
      "lang=mk; __Secure-better-auth.session_token=abc",
    ]) {
      const owner = await get(path, { cookie });
      expect(owner.headers["x-cache"]).toBe("HIT");
      expect(owner.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
      expect(owner.headers["set-cookie"]).toBeUndefined();
      expect(comparable(owner)).toEqual(comparable(visitor));
    }
    // Rendered each time (the navigation rules run for a session), answered from the one entry.
    expect({ renders, entries: cache.stats().entries }).toEqual({
      renders: before.renders + 2,
      entries: before.entries,
    });
  });

  it("keeps whatever else a signed-in visitor gets private, no-store and out of the cache", async () => {
    const cookie = "better-auth.session_token=abc";
    // A render that renews the visitor's session cookie is theirs alone.
    const entries = cache.stats().entries;
    const renewed = await get(`/${shop.username}?page=99`, { cookie });
    expect(renewed.headers["set-cookie"]).toEqual(["better-auth.session_token=renewed"]);
    expect(renewed.headers["cache-control"]).toBe("private, no-store");
    expect(cache.stats().entries).toBe(entries);
    // The landing page's HTML is everyone's (decision 0055); its redirect for this visitor is not.
    expect((await get("/", { cookie })).headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect((await get("/?go=onboarding", { cookie })).headers["cache-control"]).toBe("private, no-store");
    // Pages that are not a store's (no such store), and posts, are private as before.
    for (const [path, method] of [
      ["/dashboard", "GET"],
      ["/no-such-store-here", "GET"],
      [`/${shop.username}`, "POST"],
    ] as const) {
      const answer = await get(path, { cookie }, method);
      expect(answer.headers["cache-control"], `${method} ${path}`).toBe("private, no-store");
    }
  });

  it("redirects junk and unordered parameters to the one spelling, without rendering or storing", async () => {
    const before = { renders, entries: cache.stats().entries };
    for (const [search, canonical] of [
      ["?utm_source=mail&page=2", "?page=2"],
      ["?page=1", ""],
      ["?page=2&sort=price_asc", "?sort=price_asc&page=2"],
      ["?fbclid=1", ""],
    ]) {
      const answer = await get(`/${shop.username}${search}`);
      expect([answer.status, answer.headers.location]).toEqual([301, `/${shop.username}${canonical}`]);
    }
    expect({ renders, entries: cache.stats().entries }).toEqual(before);
  });

  it("never respells the query of the app's own sections: onboarding, dashboard, admin and auth", async () => {
    const cookie = "better-auth.session_token=abc";
    for (const path of [
      "/onboarding?step=5&i=2",
      "/onboarding/?step=4",
      "/dashboard?confirm=anyway",
      "/dashboard/products?page=2&q=milk",
      "/admin?q=market",
      "/admin/stores?page=3",
      "/auth?redirectTo=%2Fdashboard",
      "/auth/login?redirectTo=%2Fdashboard",
    ]) {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const answer = await get(path, headers);
        expect(answer.status, path).not.toBe(301);
        expect(answer.headers.location, path).toBeUndefined();
      }
    }
    // Onboarding's own page is rendered with its position (the stand-in echoes the URL it got).
    expect((await get("/onboarding?step=5&i=2", { cookie })).body.toString()).toContain(
      "onboarding /onboarding?step=5&i=2",
    );
  });

  it("leaves another store's subdomain to host routing: no cached page is served there", async () => {
    const path = `/${shop.username}?page=8`;
    await get(path);
    expect((await get(path)).headers["x-cache"]).toBe("HIT");
    const elsewhere = await get(path, { host: "other.localhost" });
    expect(elsewhere.headers["x-cache"]).not.toBe("HIT");
  });
});
