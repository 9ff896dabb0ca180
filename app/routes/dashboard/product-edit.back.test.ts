import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { call, post, signedIn } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as editRoute from "./product-edit";
import * as attentionRoute from "./products-attention";

// After a save the owner is back on the filtered list they opened the product from, and never
// anywhere off the site; the form marks the fields the compliance check asks for.

let database: Database;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;

beforeAll(async () => {
  database = await (await import("../../../tests/support/route-harness")).startRouteDatabase();
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
});
afterAll(async () => {
  await closeDatabase();
});

const FIELDS = {
  name: "Ајвар домашен 350 г",
  price: "120",
  vatRate: "5",
  unit: "piece",
  quantity: "1",
  availability: "in_stock",
  status: "active",
};

async function thrownOrReturned(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

describe("the product form after a save", () => {
  it("opened from a filtered list, it returns there and marks what the check asks for", async () => {
    const product = await createProduct(mine.ctx, productInput({ name: FIELDS.name, vatRate: "5" }));
    const list = "http://localhost/dashboard/products?attention=1&page=2";
    const loaded = await call<{ back: string; attention: Record<string, string> }>(editRoute.loader, {
      request: new Request(`http://localhost/dashboard/products/${product.id}`, {
        headers: { referer: list },
      }),
      context: signedIn(mine.userId),
      params: { productId: product.id },
    });
    expect(loaded.back).toBe("/dashboard/products?attention=1&page=2");
    expect(loaded.attention).toEqual({
      description: "compliance:check.issues.description",
      netQuantity: "compliance:check.issues.unitPrice",
    });

    const saved = (await thrownOrReturned(() =>
      call(editRoute.action, {
        request: post(`/dashboard/products/${product.id}`, { ...FIELDS, back: loaded.back }),
        context: signedIn(mine.userId),
        params: { productId: product.id },
      }),
    )) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/dashboard/products?attention=1&page=2");
  });

  it("never follows a back address off the site's products list", async () => {
    const product = await createProduct(mine.ctx, productInput({ name: "Чаша" }));
    for (const back of ["https://evil.example/dashboard/products", "//evil.example/x", "/auth/logout"]) {
      const saved = (await thrownOrReturned(() =>
        call(editRoute.action, {
          request: post(`/dashboard/products/${product.id}`, { ...FIELDS, name: "Чаша", back }),
          context: signedIn(mine.userId),
          params: { productId: product.id },
        }),
      )) as Response;
      expect(saved.headers.get("location")).toBe("/dashboard/products");
    }
  });
});

describe("the needs-attention grid's save", () => {
  it("refuses another store's product ids in the posted form, and saves nothing", async () => {
    const own = await createProduct(mine.ctx, productInput({ name: "Шолја" }));
    const other = await createProduct(theirs.ctx, productInput({ name: "Туѓа шолја" }));
    const answer = await call<{ ok: boolean; errors: Record<string, string> }>(attentionRoute.action, {
      request: post("/dashboard/products/attention", {
        id: [own.id, other.id],
        [`description:${own.id}`]: "Порцеланска шолја.",
        [`description:${other.id}`]: "Препишан опис.",
      }),
      context: signedIn(mine.userId),
      params: {},
    });
    expect(answer).toMatchObject({ ok: false, errors: { form: "compliance:grid.errors.notYours" } });
  });
});
