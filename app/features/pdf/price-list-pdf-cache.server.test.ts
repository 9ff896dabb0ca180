import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { createProduct, updateProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { loader } from "~/routes/feeds/price-list-pdf";
import { startRouteDatabase } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import { pdfRenderPool } from "./price-list-pdf.server";
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

  // Decision 0129: the first download after an edit was the previous version, printed under
  // today's date, whenever the new one took more than a second to draw.
  it("gives the new version however long it takes to draw, never the one before", async () => {
    const cache = new PriceListPdfCache();
    await cache.get(store(1), "mk", MORNING, async () => Buffer.from("v1"));
    const slow = async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      return Buffer.from("v2");
    };
    const served = await cache.get(store(2), "mk", MORNING, slow);
    expect(served.pdf.toString()).toBe("v2");
    expect(served.superseded).toBe(false);
  });

  it("answers the version before, marked superseded, only when the new drawing failed", async () => {
    const cache = new PriceListPdfCache();
    await cache.get(store(1), "mk", MORNING, async () => Buffer.from("v1"));
    const failing = async (): Promise<Buffer> => {
      throw new Error("worker died");
    };
    const served = await cache.get(store(2), "mk", MORNING, failing);
    expect(served.pdf.toString()).toBe("v1");
    expect(served.superseded).toBe(true);
    // The next request tries again, and the new version replaces it once drawn.
    const fresh = await cache.get(store(2), "mk", MORNING, async () => Buffer.from("v2"));
    expect(fresh).toMatchObject({ superseded: false });
    expect(fresh.pdf.toString()).toBe("v2");
    // Never the previous day's, even when drawing fails: the failure is told instead.
    await expect(cache.get(store(3), "mk", new Date("2026-11-21T08:00:00Z"), failing)).rejects.toThrow(
      "worker died",
    );
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
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const fetchPdf = async (username: string, headers: Record<string, string> = {}, query = "") =>
    (await loader({
      request: new Request(`http://localhost/${username}/price-list.pdf${query}`, { headers }),
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

  // Decision 0129: an inspector downloading the list right after a price change must get the new price.
  it("gives the new price on the first download after an edit, even when drawing takes seconds", async () => {
    const shop = await createTestStore(database);
    const bread = await createProduct(shop.ctx, productInput({ name: "Леб Бел", price: "40" }));
    expect(await textOf(await fetchPdf(shop.username))).toContain("40,00");
    const draw = pdfRenderPool.render.bind(pdfRenderPool);
    vi.spyOn(pdfRenderPool, "render").mockImplementation(async (input) => {
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      return draw(input);
    });
    await updateProduct(shop.ctx, bread.id, productInput({ name: "Леб Бел", price: "55" }));
    const after = await fetchPdf(shop.username);
    expect(after.status).toBe(200);
    const text = await textOf(after);
    expect(text).toContain("55,00");
    expect(text).not.toContain("40,00");
  });

  it("says so when the current list could not be drawn, and gives the previous one only when asked, by name", async () => {
    const shop = await createTestStore(database);
    const milk = await createProduct(shop.ctx, productInput({ name: "Млеко", price: "60" }));
    await fetchPdf(shop.username);
    vi.spyOn(pdfRenderPool, "render").mockRejectedValue(new Error("worker died"));
    await updateProduct(shop.ctx, milk.id, productInput({ name: "Млеко", price: "65" }));
    const failed = await fetchPdf(shop.username);
    expect(failed.status).toBe(503);
    expect(failed.headers.get("content-type")).toContain("text/html");
    const page = await failed.text();
    expect(page).toContain("Тековниот ценовник не можеше да се изготви");
    expect(page).toContain("не е тековна");
    expect(page).toContain("?previous=1");
    const previous = await fetchPdf(shop.username, {}, "?previous=1");
    expect(previous.status).toBe(200);
    expect(previous.headers.get("content-disposition")).toContain("previous-version.pdf");
    expect(await textOf(previous)).toContain("60,00");
  });
});
