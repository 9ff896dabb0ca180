import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { loader } from "~/routes/feeds/price-list-pdf";
import { startRouteDatabase } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import { PriceListPdfCache, priceListPdfCache } from "./price-list-pdf-cache.server";

const store = (version = 1) => ({ id: "00000000-0000-4000-8000-000000000001", version });
const MORNING = new Date("2026-11-20T08:00:00Z");

describe("the price-list PDF cache", () => {
  it("renders a store's PDF once per version, language and Skopje day; simultaneous requests share one", async () => {
    const cache = new PriceListPdfCache();
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return Buffer.from(`pdf ${renders}`);
    };
    const first = await Promise.all(
      Array.from({ length: 20 }, () => cache.get(store(), "mk", MORNING, render)),
    );
    expect(renders).toBe(1);
    expect(new Set(first.map((entry) => entry.pdf.toString()))).toEqual(new Set(["pdf 1"]));
    await cache.get(store(), "mk", new Date("2026-11-20T20:00:00Z"), render);
    expect(renders).toBe(1);
    await cache.get(store(), "sq", MORNING, render);
    expect(renders).toBe(2);
    const changed = await cache.get(store(2), "mk", MORNING, render);
    expect(renders).toBe(3);
    expect(changed.etag).not.toBe(first[0]!.etag);
    // Skopje's midnight (23:00 UTC in winter): "confirmed today" must not be printed the next day.
    await cache.get(store(2), "mk", new Date("2026-11-20T23:30:00Z"), render);
    expect(renders).toBe(4);
  });

  // Decision 0100: after each write of the soak every PDF visitor waited for the new
  // 20,000-product list to be drawn, far longer than any visitor waits.
  it("gives the version before while a new one takes longer than its wait to draw, then the new one", async () => {
    const cache = new PriceListPdfCache(undefined, 50);
    await cache.get(store(1), "mk", MORNING, async () => Buffer.from("v1"));
    let finish!: () => void;
    const drawn = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const slow = async () => {
      await drawn;
      return Buffer.from("v2");
    };
    const started = Date.now();
    const during = await cache.get(store(2), "mk", MORNING, slow);
    expect(during.pdf.toString()).toBe("v1");
    expect(Date.now() - started).toBeLessThan(1_000);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const renders = cache.renders;
    expect((await cache.get(store(2), "mk", MORNING, slow)).pdf.toString()).toBe("v2");
    expect(cache.renders).toBe(renders);
    // Never the previous day's: its "confirmed today" line would be wrong after midnight.
    const tomorrow = new Date("2026-11-21T08:00:00Z");
    const v3 = async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return Buffer.from("v3");
    };
    expect((await cache.get(store(3), "mk", tomorrow, v3)).pdf.toString()).toBe("v3");
  });

  it("holds at most its byte budget, dropping the least recently used", async () => {
    const cache = new PriceListPdfCache(250);
    const render = async () => Buffer.alloc(100);
    const a = { id: "a", version: 1 };
    const b = { id: "b", version: 1 };
    const c = { id: "c", version: 1 };
    await cache.get(a, "mk", MORNING, render);
    await cache.get(b, "mk", MORNING, render);
    await cache.get(a, "mk", MORNING, render);
    await cache.get(c, "mk", MORNING, render);
    const before = cache.renders;
    await cache.get(a, "mk", MORNING, render);
    expect(cache.renders).toBe(before);
    await cache.get(b, "mk", MORNING, render);
    expect(cache.renders).toBe(before + 1);
  });
});

// Decision 0022: every request to /{username}/price-list.pdf rendered the PDF again.
describe("/{username}/price-list.pdf", () => {
  let database: Database;
  beforeAll(async () => {
    database = await startRouteDatabase();
  });
  afterAll(async () => {
    await closeDatabase();
  });

  const fetchPdf = async (username: string, headers: Record<string, string> = {}) =>
    (await loader({
      request: new Request(`http://localhost/${username}/price-list.pdf`, { headers }),
      params: { username },
      context: new RouterContextProvider(),
    } as never)) as Response;

  const textOf = async (response: Response) => {
    const dir = mkdtempSync(path.join(tmpdir(), "vitrina-pdf-"));
    const file = path.join(dir, "list.pdf");
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
  };

  it("is built once while nothing changes, again after a change, and answers 304 to a client that has it", async () => {
    const shop = await createTestStore(database);
    await createProduct(shop.ctx, productInput({ name: "Леб Добар", price: "40" }));
    const renders = priceListPdfCache.renders;
    const first = await fetchPdf(shop.username);
    expect(first.status).toBe(200);
    expect(await textOf(first)).toContain("Леб Добар");
    for (let i = 0; i < 5; i++) expect((await fetchPdf(shop.username)).status).toBe(200);
    expect(priceListPdfCache.renders).toBe(renders + 1);

    const etag = first.headers.get("etag")!;
    expect((await fetchPdf(shop.username, { "if-none-match": etag })).status).toBe(304);

    await createProduct(shop.ctx, productInput({ name: "Млеко Свежо", price: "60" }));
    const changed = await fetchPdf(shop.username);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await textOf(changed)).toContain("Млеко Свежо");
    expect(priceListPdfCache.renders).toBe(renders + 2);
    // Each language is its own document.
    const english = await fetchPdf(shop.username, { cookie: "lang=en" });
    expect(english.headers.get("etag")).not.toBe(changed.headers.get("etag"));
  });
});
