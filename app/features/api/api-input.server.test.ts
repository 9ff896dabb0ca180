import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { product } from "~/db/schema/catalog";
import { logger } from "~/lib/logger.server";
import { databaseForThisFile } from "../../../tests/support/test-db";
import { apiClient, createApiStore } from "./api.test-support";

// Decision 0121: input the database cannot read (year 0000, a forged cursor, a NUL, an unpaired
// surrogate) is a 400 validation problem of /api/v1, never a failed query answered 500 and logged.

const database = databaseForThisFile();
let api: ReturnType<typeof apiClient>;
let token: string;
let storeId: string;
const errors = vi.spyOn(logger, "error");

beforeAll(async () => {
  api = apiClient(database);
  const store = await createApiStore(database);
  storeId = store.storeId;
  token = await store.tokenOf();
});

afterEach(() => {
  expect(errors).not.toHaveBeenCalled();
  errors.mockClear();
});

const cursorOf = (text: string) => Buffer.from(text).toString("base64url");
const ID = "00000000-0000-4000-8000-000000000000";

async function expectRefused(answer: Awaited<ReturnType<typeof api>>, pointer: string) {
  expect(answer.status).toBe(400);
  expect(answer.headers.get("content-type")).toBe("application/problem+json");
  expect(answer.body.type).toBe("https://vitrina.mk/problems/validation");
  expect(answer.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
}

describe("the products list's query", () => {
  it("refuses an updatedSince the database cannot compare with, and keeps reading real ones", async () => {
    for (const since of ["0000-01-01T00:00:00Z", "0001-01-01T00:30:00+01:00", "9999-12-31T23:00:00-05:00"]) {
      await expectRefused(
        await api("GET", `/products?updatedSince=${encodeURIComponent(since)}`, { token }),
        "#query/updatedSince",
      );
    }
    for (const since of ["0001-01-01T00:00:00Z", "2026-11-01T00:00:00+01:00", "9999-12-31T23:59:59Z"]) {
      const answer = await api("GET", `/products?updatedSince=${encodeURIComponent(since)}`, { token });
      expect([since, answer.status]).toEqual([since, 200]);
    }
  });

  it("refuses a forged cursor whose time does not exist, and keeps following a real one", async () => {
    for (const forged of [
      `2026-13-45 99:99:99+00|${ID}`,
      `2026-02-31 10:00:00+00|${ID}`,
      `0000-01-01 00:00:00+00|${ID}`,
      `2026-01-01 10:00:00+16|${ID}`,
      `2026-01-01 24:00:00+00|${ID}`,
    ]) {
      await expectRefused(
        await api("GET", `/products?cursor=${cursorOf(forged)}`, { token }),
        "#query/cursor",
      );
    }
    const real = await api("GET", `/products?cursor=${cursorOf(`2026-11-27 14:17:07.931+00|${ID}`)}`, {
      token,
    });
    expect(real.status).toBe(200);
  });

  it("refuses a NUL in a query value or a path parameter", async () => {
    await expectRefused(await api("GET", "/products?barcode=%00", { token }), "#query/barcode");
    await expectRefused(await api("GET", "/products?externalId=a%00b", { token }), "#query/externalId");
    await expectRefused(
      await api("PUT", "/products/by-external-id/a%00b", { token, body: { name: "x", priceCents: 100 } }),
      "#path/externalId",
    );
  });
});

describe("JSON bodies", () => {
  it("refuses an unpaired surrogate or a NUL in any string, and writes nothing", async () => {
    const cases: [unknown, string][] = [
      [{ items: [{ externalId: "A1", name: "Леб\ud800", priceCents: 100 }] }, "#/items/0/name"],
      [
        { items: [{ externalId: "A1", name: "Леб", description: "\udc00x", priceCents: 100 }] },
        "#/items/0/description",
      ],
      [{ items: [{ externalId: "A\u00001", name: "Леб", priceCents: 100 }] }, "#/items/0/externalId"],
      [{ items: [{ externalId: "A1", name: "Леб", priceCents: 100, "\ud800": 1 }] }, "#/items/0/\ud800"],
    ];
    for (const [body, pointer] of cases) {
      await expectRefused(await api("POST", "/products/batch", { token, body }), pointer);
    }
    await expectRefused(
      await api("PUT", "/products/by-external-id/A1", {
        token,
        raw: '{"name":"\\ud800","priceCents":100}',
        headers: { "content-type": "application/json" },
      }),
      "#/name",
    );
    expect(await database.db.select().from(product).where(eq(product.storeId, storeId))).toEqual([]);
    // A surrogate pair (an emoji) is real text, written as sent.
    const emoji = await api("PUT", "/products/by-external-id/A1", {
      token,
      body: { name: "Леб 🍞", priceCents: 100 },
    });
    expect(emoji.status).toBeLessThan(300);
  });

  it("walks a deeply nested body without recursion", async () => {
    const deep = `${"[".repeat(200_000)}"\\u0000"${"]".repeat(200_000)}`;
    const answer = await api("POST", "/products/batch", {
      token,
      raw: `{"items":${deep}}`,
      headers: { "content-type": "application/json" },
    });
    expect(answer.status).toBe(400);
  });
});
