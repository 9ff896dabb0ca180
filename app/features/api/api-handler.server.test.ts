import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activityLog, priceHistory } from "~/db/schema/activity";
import { product } from "~/db/schema/catalog";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { databaseForThisFile } from "../../../tests/support/test-db";
import { apiClient, createApiStore } from "./api.test-support";
import { API_BODY_LIMIT, createApiHandler } from "./api-handler.server";
import { listApiTokens, revokeApiToken } from "./api-token.server";

// /api/v1 end to end through the handler (the Express adapter only adds the size check):
// auth, scopes, batches all or nothing, idempotency, rate limits, problems, and the attacks.

const database = databaseForThisFile();
let api: ReturnType<typeof apiClient>;
let a: Awaited<ReturnType<typeof createApiStore>>;
let b: Awaited<ReturnType<typeof createApiStore>>;
let tokenA: string;
let tokenB: string;

/** EAN-13 codes with a valid check digit: 531 + 9 digits + check. */
function ean(n: number): string {
  const body = `531${String(n).padStart(9, "0")}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

beforeAll(async () => {
  api = apiClient(database);
  a = await createApiStore(database);
  b = await createApiStore(database);
  tokenA = await a.tokenOf();
  tokenB = await b.tokenOf();
});

const productsOf = (storeId: string) =>
  database.db.select().from(product).where(eq(product.storeId, storeId));

describe("the OpenAPI document", () => {
  it("names BASE_URL as its server, never the Host a request claims", async () => {
    const handler = createApiHandler({
      db: () => database.db,
      now: () => new Date(),
      origin: "https://vitrina.mk",
    });
    const answer = await handler(new Request("http://evil.example/api/v1/openapi.json"));
    expect((await answer.json()).servers).toEqual([{ url: "https://vitrina.mk/api/v1" }]);
  });
});

describe("authentication and scopes", () => {
  it("answers 401 problem+json without a token, with an unknown one and with a revoked one", async () => {
    const none = await api("GET", "/products");
    expect(none.status).toBe(401);
    expect(none.headers.get("content-type")).toBe("application/problem+json");
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    expect(none.body).toMatchObject({ type: "https://vitrina.mk/problems/unauthorized", status: 401 });
    expect((await api("GET", "/products", { token: `vtr_${"x".repeat(43)}` })).status).toBe(401);

    const revoked = await a.tokenOf(["read"], "old");
    expect((await api("GET", "/products", { token: revoked })).status).toBe(200);
    const tokens = await listApiTokens(a.ctx);
    await revokeApiToken(a.ctx, tokens.find((t) => t.name === "old")!.id, { email: "owner@example.test" });
    expect((await api("GET", "/products", { token: revoked })).status).toBe(401);
  });

  it("refuses an operation outside the token's scopes with 403, and writes nothing", async () => {
    const readOnly = await a.tokenOf(["read"]);
    const before = await productsOf(a.storeId);
    const refused = await api("POST", "/prices/batch", {
      token: readOnly,
      body: { items: [{ barcode: ean(1), priceCents: 100 }] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.type).toBe("https://vitrina.mk/problems/insufficient-scope");
    const pricesOnly = await a.tokenOf(["write_prices"]);
    const products = await api("POST", "/products/batch", {
      token: pricesOnly,
      body: { items: [{ barcode: ean(1), name: "Леб", priceCents: 100 }] },
    });
    expect(products.status).toBe(403);
    expect((await api("GET", "/products", { token: pricesOnly })).status).toBe(403);
    expect(await productsOf(a.storeId)).toEqual(before);
  });
});

describe("cross-store", () => {
  it("a token of store A never reads or writes store B", async () => {
    const created = await api("POST", "/products/batch", {
      token: tokenB,
      body: { items: [{ barcode: ean(500), externalId: "B-1", name: "Туѓ производ", priceCents: 5000 }] },
    });
    expect(created.status).toBe(200);
    const theirId = created.body.items[0].product.id;
    const before = JSON.stringify(await productsOf(b.storeId));

    expect((await api("GET", `/products/${theirId}`, { token: tokenA })).status).toBe(404);
    const listed = await api("GET", `/products?barcode=${ean(500)}`, { token: tokenA });
    expect(listed.body.items).toEqual([]);
    expect((await api("GET", "/products?externalId=B-1", { token: tokenA })).body.items).toEqual([]);
    // Their barcode and external id, written with A's token, name nothing of B's: prices 404…
    const price = await api("PUT", `/prices/by-external-id/B-1`, { token: tokenA, body: { priceCents: 1 } });
    expect(price.status).toBe(404);
    expect(
      (await api("PUT", `/prices/by-barcode/${ean(500)}`, { token: tokenA, body: { priceCents: 1 } })).status,
    ).toBe(404);
    // …and a product upsert creates A's own product.
    const mine = await api("PUT", "/products/by-external-id/B-1", {
      token: tokenA,
      body: { name: "Мој", priceCents: 1 },
    });
    expect(mine.body.outcome).toBe("created");
    expect(JSON.stringify(await productsOf(b.storeId))).toBe(before);
    const history = await database.db.select().from(priceHistory).where(eq(priceHistory.storeId, b.storeId));
    expect(history).toHaveLength(1);
  });
});

describe("points of sale", () => {
  it("sets a point of sale's own price and availability by external id; another store's point of sale is 404", async () => {
    const points = await api("GET", "/points-of-sale", { token: tokenA });
    expect(points.status).toBe(200);
    const mine = points.body.items[0].id;
    const theirs = (await api("GET", "/points-of-sale", { token: tokenB })).body.items[0].id;
    await api("PUT", "/products/by-external-id/POS-1", {
      token: tokenA,
      body: { name: "Јогурт", priceCents: 5000 },
    });
    const set = await api("POST", `/points-of-sale/${mine}/products/batch`, {
      token: tokenA,
      body: { items: [{ externalId: "POS-1", priceCents: 4500, availability: "on_order" }] },
    });
    expect(set.status).toBe(200);
    expect(set.body.items[0]).toMatchObject({ priceCents: 4500, availability: "on_order", excluded: false });
    const listed = await api("GET", `/points-of-sale/${mine}/products`, { token: tokenA });
    expect(listed.body.items).toHaveLength(1);

    const theirBefore = await api("GET", `/points-of-sale/${theirs}/products`, { token: tokenB });
    expect((await api("GET", `/points-of-sale/${theirs}/products`, { token: tokenA })).status).toBe(404);
    const refused = await api("POST", `/points-of-sale/${theirs}/products/batch`, {
      token: tokenA,
      body: { items: [{ externalId: "POS-1", priceCents: 1 }] },
    });
    expect(refused.status).toBe(404);
    const productId = set.body.items[0].productId;
    expect(
      (
        await api("PUT", `/points-of-sale/${theirs}/products/${productId}`, {
          token: tokenA,
          body: { excluded: true },
        })
      ).status,
    ).toBe(404);
    expect((await api("GET", `/points-of-sale/${theirs}/products`, { token: tokenB })).body).toEqual(
      theirBefore.body,
    );
    // B's own point of sale with A's product id: not B's product, 404.
    expect(
      (
        await api("PUT", `/points-of-sale/${theirs}/products/${productId}`, {
          token: tokenB,
          body: { excluded: true },
        })
      ).status,
    ).toBe(404);
    // An unknown product refuses the whole batch.
    const unknown = await api("POST", `/points-of-sale/${mine}/products/batch`, {
      token: tokenA,
      body: {
        items: [
          { externalId: "POS-1", priceCents: null },
          { externalId: "NOPE", priceCents: 1 },
        ],
      },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ pointer: "#/items/1/externalId", detail: "no such product" }]);
    expect(
      (await api("GET", `/points-of-sale/${mine}/products`, { token: tokenA })).body.items[0].priceCents,
    ).toBe(4500);
  });
});

describe("writes", () => {
  it("creates and updates by barcode and external id, with price history and activity of source api", async () => {
    const first = await api("POST", "/products/batch", {
      token: tokenA,
      body: {
        items: [
          { barcode: ean(10), name: "Млеко 1 л", priceCents: 6500, vatRate: "5", unit: "piece" },
          { externalId: "ART-11", name: "Сирење", priceCents: 45000 },
        ],
      },
    });
    expect(first.status).toBe(200);
    expect(first.body.counts).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const milk = first.body.items[0].product;
    expect(milk).toMatchObject({ barcode: ean(10), name: "Млеко 1 л", priceCents: 6500, vatRate: "5" });

    const second = await api("POST", "/prices/batch", {
      token: tokenA,
      body: {
        items: [
          { barcode: ean(10), priceCents: 6900 },
          { externalId: "ART-11", priceCents: 45000 },
        ],
      },
    });
    expect(second.body.counts).toEqual({ created: 0, updated: 1, unchanged: 1 });
    const history = await database.db
      .select()
      .from(priceHistory)
      .where(and(eq(priceHistory.storeId, a.storeId), eq(priceHistory.productId, milk.id)));
    expect(history.map((h) => [h.oldPriceCents, h.newPriceCents, h.source])).toEqual(
      expect.arrayContaining([
        [6500, 6900, "api"],
        [null, 6500, "api"],
      ]),
    );
    expect(history).toHaveLength(2);
    const activity = await database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.storeId, a.storeId), eq(activityLog.productId, milk.id)));
    expect(activity.map((row) => row.type).sort()).toEqual(["price_updated", "product_added"]);
    expect(activity.find((row) => row.type === "price_updated")!.details).toMatchObject({
      source: "api",
      oldPriceCents: 6500,
      newPriceCents: 6900,
    });
    // The first sync with an external id adopts the product typed with that barcode.
    const adopted = await api("PUT", `/products/by-barcode/${ean(10)}`, {
      token: tokenA,
      body: { quantity: 12 },
    });
    expect(adopted.body).toMatchObject({ outcome: "updated", product: { id: milk.id, quantity: 12 } });
  });

  it("takes a batch of 1,000 in one request and refuses 1,001", async () => {
    const items = Array.from({ length: 1000 }, (_, i) => ({
      externalId: `BULK-${i}`,
      name: `Производ ${i}`,
      priceCents: 100 + i,
    }));
    const ok = await api("POST", "/products/batch", { token: tokenA, body: { items } });
    expect(ok.status).toBe(200);
    expect(ok.body.counts.created).toBe(1000);
    const tooMany = await api("POST", "/products/batch", {
      token: tokenA,
      body: { items: [...items, { externalId: "BULK-1000", name: "x", priceCents: 1 }] },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].pointer).toBe("#/items");
  });

  it("is all or nothing: one bad item, duplicates or an unknown product write nothing", async () => {
    const before = JSON.stringify(await productsOf(a.storeId));
    const invalid = await api("POST", "/products/batch", {
      token: tokenA,
      body: {
        items: [
          { externalId: "NEW-1", name: "Нов", priceCents: 100 },
          { externalId: "NEW-2", name: "Нов 2", priceCents: 500, regularPriceCents: 400 },
          { externalId: "NEW-3", priceCents: -1 },
          { barcode: "5310000000001", name: "Лош баркод", priceCents: 1 },
        ],
      },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(
      expect.arrayContaining(["#/items/2/priceCents", "#/items/3/barcode"]),
    );
    const rule = await api("POST", "/products/batch", {
      token: tokenA,
      body: {
        items: [
          { externalId: "NEW-1", name: "Нов", priceCents: 100 },
          { externalId: "NEW-2", name: "Нов 2", priceCents: 500, regularPriceCents: 400 },
          { externalId: "NEW-3", priceCents: 5 },
        ],
      },
    });
    expect(rule.status).toBe(400);
    expect(rule.body.errors).toEqual([
      { pointer: "#/items/1/regularPriceCents", detail: "must not be below priceCents" },
      { pointer: "#/items/2/name", detail: "required for a new product" },
    ]);
    const duplicates = await api("POST", "/prices/batch", {
      token: tokenA,
      body: {
        items: [
          { barcode: ean(10), priceCents: 1 },
          { barcode: ean(10), priceCents: 2 },
        ],
      },
    });
    expect(duplicates.status).toBe(400);
    expect(duplicates.body.errors).toEqual([{ pointer: "#/items/1/barcode", detail: "duplicate of item 0" }]);
    const unknown = await api("POST", "/prices/batch", {
      token: tokenA,
      body: {
        items: [
          { barcode: ean(10), priceCents: 1 },
          { externalId: "NO-SUCH", priceCents: 2 },
        ],
      },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toEqual([{ pointer: "#/items/1/externalId", detail: "no such product" }]);
    expect(JSON.stringify(await productsOf(a.storeId))).toBe(before);
  });

  it("answers problems for malformed, wrongly typed and huge bodies, and junk query strings", async () => {
    const malformed = await api("POST", "/prices/batch", {
      token: tokenA,
      raw: "{items: [",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.type).toBe("https://vitrina.mk/problems/malformed-json");
    const form = await api("POST", "/prices/batch", {
      token: tokenA,
      raw: "items=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    const huge = await api("POST", "/prices/batch", {
      token: tokenA,
      raw: JSON.stringify({ items: [], pad: "x".repeat(API_BODY_LIMIT) }),
      headers: { "content-type": "application/json" },
    });
    expect(huge.status).toBe(413);
    const wrongShape = await api("POST", "/prices/batch", { token: tokenA, body: [1, 2, 3] });
    expect(wrongShape.status).toBe(400);
    const extra = await api("POST", "/prices/batch", {
      token: tokenA,
      body: { items: [{ barcode: ean(10), priceCents: 1, storeId: b.storeId }] },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.errors[0].pointer).toBe("#/items/0/storeId");

    const junk = await api("GET", "/products?limit=abc&updatedSince=yesterday&cursor=%00%ff", {
      token: tokenA,
    });
    expect(junk.status).toBe(400);
    expect(junk.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      "#query/limit",
      "#query/updatedSince",
    ]);
    const cursor = await api("GET", "/products?cursor=bm90LWEtY3Vyc29y", { token: tokenA });
    expect(cursor.status).toBe(400);
    expect(cursor.body.errors[0].pointer).toBe("#query/cursor");
    expect((await api("GET", "/products/not-a-uuid", { token: tokenA })).status).toBe(400);
    expect((await api("GET", "/nothing-here", { token: tokenA })).status).toBe(404);
    const method = await api("DELETE", "/products", { token: tokenA });
    expect(method.status).toBe(405);
    expect(method.headers.get("allow")).toBe("GET");
  });
});

describe("Albanian product content", () => {
  it("writes nameSq and descriptionSq while the store has Albanian content on, and keeps them while off", async () => {
    const on = await createApiStore(database, { albanianContent: true });
    const token = await on.tokenOf();
    const written = await api("PUT", "/products/by-external-id/SQ-1", {
      token,
      body: { name: "Леб", nameSq: "Bukë", descriptionSq: "Bukë e bardhë", priceCents: 4000 },
    });
    expect(written.body.product).toMatchObject({
      name: "Леб",
      nameSq: "Bukë",
      descriptionSq: "Bukë e bardhë",
    });
    const [row] = await productsOf(on.storeId);
    expect(row!.searchText).toContain("buke");
    // Albanian content switched off: the texts sent are ignored, the stored ones kept (decision 0074).
    const { store } = await import("~/db/schema/stores");
    await database.db.update(store).set({ albanianContent: false }).where(eq(store.id, on.storeId));
    const ignored = await api("PUT", "/products/by-external-id/SQ-1", {
      token,
      body: { nameSq: "Tjetër", priceCents: 4100 },
    });
    expect(ignored.body.product).toMatchObject({ nameSq: "Bukë", priceCents: 4100 });
    const off = await api("PUT", "/products/by-external-id/SQ-2", {
      token,
      body: { name: "Сол", nameSq: "Kripë", priceCents: 1 },
    });
    expect(off.body.product.nameSq).toBeNull();
  });
});

describe("reads", () => {
  it("pages through products by change, with filters", async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { body: { items: { id: string }[]; nextCursor: string | null } } = await api(
        "GET",
        `/products?limit=300${cursor ? `&cursor=${cursor}` : ""}`,
        { token: tokenA },
      );
      for (const item of page.body.items) seen.add(item.id);
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(seen.size).toBe((await productsOf(a.storeId)).length);
    const future = await api("GET", `/products?updatedSince=${encodeURIComponent("2999-01-01T00:00:00Z")}`, {
      token: tokenA,
    });
    expect(future.body).toEqual({ items: [], nextCursor: null });
  });
});

describe("idempotency", () => {
  it("answers the stored response for the same key and body, and 422 for another body", async () => {
    const body = { items: [{ externalId: "ART-11", priceCents: 47000 }] };
    const headers = { "idempotency-key": "sync-2026-11-23-a" };
    const first = await api("POST", "/prices/batch", { token: tokenA, body, headers });
    const again = await api("POST", "/prices/batch", { token: tokenA, body, headers });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const other = await api("POST", "/prices/batch", {
      token: tokenA,
      body: { items: [{ externalId: "ART-11", priceCents: 1 }] },
      headers,
    });
    expect(other.status).toBe(422);
    expect(other.body.type).toBe("https://vitrina.mk/problems/idempotency-key-reused");
    const history = await database.db
      .select()
      .from(priceHistory)
      .where(and(eq(priceHistory.storeId, a.storeId), eq(priceHistory.newPriceCents, 47000)));
    expect(history).toHaveLength(1);
    // Keys are per store: B may use the same key for its own write.
    const theirs = await api("POST", "/products/batch", {
      token: tokenB,
      body: { items: [{ externalId: "B-2", name: "x", priceCents: 1 }] },
      headers,
    });
    expect(theirs.status).toBe(200);
  });

  it("writes once when parallel requests carry the same key", async () => {
    const body = { items: [{ externalId: "ART-11", priceCents: 48000 }] };
    const headers = { "idempotency-key": "parallel-1" };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api("POST", "/prices/batch", { token: tokenA, body, headers })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    const history = await database.db
      .select()
      .from(priceHistory)
      .where(and(eq(priceHistory.storeId, a.storeId), eq(priceHistory.newPriceCents, 48000)));
    expect(history).toHaveLength(1);
  });
});

describe("rate limits, inactive stores and the confirmation", () => {
  it("lets through exactly the limit of parallel requests per token", async () => {
    const limited = apiClient(database, { limiter: createRateLimiter({ limit: 5, windowMs: 60_000 }) });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => limited("GET", "/products?limit=1", { token: tokenA })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(7);
    expect(refused[0]!.headers.get("retry-after")).toBe("60");
    // Another token has its own allowance.
    expect((await limited("GET", "/products?limit=1", { token: tokenB })).status).toBe(200);
  });

  it("an address guessing tokens is refused with 429 after the limit, without a token lookup", async () => {
    const guarded = apiClient(database, {
      strangerLimiter: createRateLimiter({ limit: 3, windowMs: 60_000 }),
    });
    const from = (address: string, token: string) =>
      guarded("GET", "/products", { token, headers: { "x-vitrina-client-ip": address } });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await from("203.0.113.7", `vtr_guess${i}`)).status);
    expect(answers).toEqual([401, 401, 401, 429, 429]);
    // Blocked for the minute, even with a valid token; another address is not.
    expect((await from("203.0.113.7", tokenA)).status).toBe(429);
    expect((await from("198.51.100.2", "vtr_guess")).status).toBe(401);
    expect((await from("198.51.100.2", tokenA)).status).toBe(200);
  });

  it("an inactive store reads but cannot write", async () => {
    const inactive = await createApiStore(database, { active: false });
    const token = await inactive.tokenOf();
    expect((await api("GET", "/products", { token })).status).toBe(200);
    const write = await api("POST", "/products/batch", {
      token,
      body: { items: [{ externalId: "X", name: "x", priceCents: 1 }] },
    });
    expect(write.status).toBe(403);
    expect(write.body.type).toBe("https://vitrina.mk/problems/store-inactive");
    expect(await productsOf(inactive.storeId)).toEqual([]);
  });

  it("confirms today's prices for the token's store only", async () => {
    const now = new Date("2026-11-23T07:30:00Z");
    const clocked = apiClient(database, { now: () => now });
    expect((await clocked("GET", "/confirmation", { token: tokenA })).body.status).toBeNull();
    const confirmed = await clocked("POST", "/confirmation", { token: tokenA });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ day: "2026-11-23", status: "confirmed", late: false });
    expect((await clocked("GET", "/confirmation", { token: tokenB })).body.status).toBeNull();
  });
});
