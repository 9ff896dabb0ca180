import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { category } from "~/db/schema/catalog";
import { createProduct, updateProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { answerToday } from "~/features/confirmation/confirmation.server";
import { fixedClock } from "~/lib/clock.server";
import { listeningDatabaseForThisFile, settle } from "../../../tests/support/listening-db";
import { createTestStore } from "../../../tests/support/test-db";
import { canonicalSearch, StorePageCache } from "./page-cache.server";

const { database, versions } = listeningDatabaseForThisFile();
const clock = fixedClock("2026-11-20T07:00:00Z");
const cache = new StorePageCache(clock, versions);

function fakeResponse() {
  const headers: Record<string, unknown> = {};
  let body: Buffer | undefined;
  const bytes = () => body ?? Buffer.alloc(0);
  const res = {
    statusCode: 0,
    writeHead: (status: number, list: string[]) => {
      res.statusCode = status;
      for (let i = 0; i < list.length; i += 2) headers[list[i]!.toLowerCase()] = list[i + 1];
    },
    end: (chunk?: Buffer) => {
      body = chunk;
    },
  };
  return { res: res as unknown as ServerResponse, headers, body: () => body?.toString() ?? "", bytes };
}
const get = { method: "GET", headers: {} } as IncomingMessage;

async function cachedPage(username: string, storeId: string, into = cache, search = "?page=2") {
  const key = into.keyFor("GET", `/${username}${search}`, undefined)!;
  const current = await into.currentVersion(database.db, username);
  into.put(key, {
    storeId,
    version: current!.version,
    headers: [["content-security-policy", "script-src 'self' 'nonce-abc'"]],
    body: Buffer.from(`<script nonce="abc">go()</script><p>page ${search}</p>`),
    nonce: "abc",
  });
  return key;
}

describe("public page cache", () => {
  it("serves a cached page whose CSP allows its scripts by hash, never by a reused nonce", async () => {
    const shop = await createTestStore(database);
    const key = await cachedPage(shop.username, shop.storeId);
    const first = fakeResponse();
    expect(cache.serve(key, get, first.res, "id")).toBe(true);
    expect(first.body()).toContain("<p>page ?page=2</p>");
    const hash = createHash("sha256").update("go()").digest("base64");
    expect(first.headers["content-security-policy"]).toBe(`script-src 'self' 'sha256-${hash}'`);
    // Decision 0055: a session does not change the page (its HTML holds none); a flash message does.
    expect(cache.keyFor("GET", `/${shop.username}`, "better-auth.session_token=x")).toBe(
      cache.keyFor("GET", `/${shop.username}`, undefined),
    );
    expect(cache.keyFor("GET", `/${shop.username}`, "flash=x")).toBeNull();
    expect(cache.keyFor("POST", `/${shop.username}`, undefined)).toBeNull();
  });

  it("compresses a page once per encoding a visitor asks for, never on the fill", async () => {
    const shop = await createTestStore(database);
    const before = cache.compressions;
    const key = await cachedPage(shop.username, shop.storeId);
    expect(cache.compressions).toBe(before);
    const as = (encoding: string) => {
      const answer = fakeResponse();
      const request = { method: "GET", headers: { "accept-encoding": encoding } } as IncomingMessage;
      expect(cache.serve(key, request, answer.res, "id")).toBe(true);
      return answer;
    };
    const br = as("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-length"]).toBe(String(br.bytes().length));
    expect(brotliDecompressSync(br.bytes()).toString()).toContain("<p>page ?page=2</p>");
    expect(cache.compressions).toBe(before + 1);
    as("br");
    expect(cache.compressions).toBe(before + 1);
    const gzip = as("gzip");
    expect(gunzipSync(gzip.bytes()).toString()).toContain("<p>page ?page=2</p>");
    const plain = as("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body()).toContain("<p>page ?page=2</p>");
    expect(cache.compressions).toBe(before + 2);
  });

  it("drops a store's pages when its products, categories or confirmation change, not another store's", async () => {
    const shop = await createTestStore(database);
    const other = await createTestStore(database);
    const product = await createProduct(shop.ctx, productInput({ name: "Млеко", price: "60" }));
    const changes = [
      () => updateProduct(shop.ctx, product.id, productInput({ name: "Млеко", price: "65" })),
      () => database.db.insert(category).values({ storeId: shop.storeId, name: "Млечни" }),
      () => database.db.update(category).set({ name: "Млечно" }).where(eq(category.storeId, shop.storeId)),
      () => answerToday(shop.ctx, { answer: "yes" }, clock.now()),
    ];
    for (const change of changes) {
      const key = await cachedPage(shop.username, shop.storeId);
      const otherKey = await cachedPage(other.username, other.storeId);
      await change();
      await settle();
      expect(cache.serve(key, get, fakeResponse().res, "id")).toBe(false);
      expect(cache.serve(otherKey, get, fakeResponse().res, "id")).toBe(true);
    }
  });

  it("keys by day, so 'confirmed today' does not outlive midnight", async () => {
    const shop = await createTestStore(database);
    const key = cache.keyFor("GET", `/${shop.username}`, "lang=en");
    clock.set("2026-11-20T23:30:00Z");
    expect(cache.keyFor("GET", `/${shop.username}`, "lang=en")).not.toBe(key);
    clock.set("2026-11-20T07:00:00Z");
  });

  it("keys a view by the parameters the page reads, in one order, and refuses every other spelling", () => {
    const key = (url: string) => cache.keyFor("GET", url, undefined);
    const category = "0b7f3c1e-8d6a-4f7b-9c2e-5a1d3e6f7a8b";
    expect(key(`/mlekara?q=milk&category=${category}&sort=price_asc&discounted=1&page=3`)).toContain(
      `|?q=milk&category=${category}&sort=price_asc&discounted=1&page=3`,
    );
    for (const junk of [
      "?utm_source=x",
      "?page=1",
      "?sort=name",
      "?sort=bogus",
      "?page=2&sort=price_asc",
      "?q=%20milk",
      "?page=2&page=3",
      "?",
      `?category=${category}&q=milk`,
    ])
      expect(key(`/mlekara${junk}`), junk).toBeNull();
    expect(canonicalSearch("?utm_source=x&page=1&sort=name")).toBe("");
    expect(canonicalSearch("?page=2&utm_source=x&sort=price_asc&q=+milk+")).toBe(
      "?q=milk&sort=price_asc&page=2",
    );
  });

  it("evicts the least recently used page: a hit keeps a popular page, junk never gets in", async () => {
    const shop = await createTestStore(database);
    const small = new StorePageCache(clock, versions, { entries: 2, bytes: 1e9 });
    const popular = await cachedPage(shop.username, shop.storeId, small, "?page=2");
    await cachedPage(shop.username, shop.storeId, small, "?page=3");
    expect(small.serve(popular, get, fakeResponse().res, "id")).toBe(true);
    // 500 requests with junk parameters: none is a cache key, so none can take a place.
    for (let i = 0; i < 500; i++)
      expect(small.keyFor("GET", `/${shop.username}?page=2&fbclid=${i}`, undefined)).toBeNull();
    const fresh = await cachedPage(shop.username, shop.storeId, small, "?page=4");
    expect(small.keys()).toEqual([popular, fresh]);
    expect(small.serve(popular, get, fakeResponse().res, "id")).toBe(true);
  });
});
