import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { product } from "~/db/schema/catalog";
import { store } from "~/db/schema/stores";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { setAlbanianContent } from "~/features/product-language/albanian-content.server";
import {
  call,
  get,
  post,
  signedIn,
  startRouteDatabase,
  statusOf,
} from "../../../../tests/support/route-harness";
import { createTestStore } from "../../../../tests/support/test-db";
import * as editRoute from "../product-edit";
import * as storeRoute from "./store";

// The "products also in Albanian" setting and the Albanian fields of a product reach
// only the signed-in owner's store; another store's ids (in the URL or posted) change nothing.

let database: Database;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;
let theirProductId: string;

const form = {
  name: "Мој производ",
  nameSq: "Produkti im",
  descriptionSq: "Përshkrim",
  price: "99",
  vatRate: "18",
  unit: "piece",
  quantity: "1",
  availability: "in_stock",
  status: "active",
};

async function theirRows() {
  const [row] = await database.db.select().from(store).where(eq(store.id, theirs.storeId));
  const products = await database.db.select().from(product).where(eq(product.storeId, theirs.storeId));
  return JSON.stringify({ albanian: row!.albanianContent, version: row!.version, products });
}

beforeAll(async () => {
  database = await startRouteDatabase();
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
  await setAlbanianContent(theirs.ctx, true);
  theirProductId = (await createProduct(theirs.ctx, productInput({ name: "Туѓ", nameSq: "I huaj" }))).id;
});
afterAll(async () => {
  await closeDatabase();
});

describe("Albanian content across stores", () => {
  it("the settings action turns the setting on and off for my store only", async () => {
    const before = await theirRows();
    const context = signedIn(mine.userId);
    const run = (fields: Record<string, string>) =>
      statusOf(() =>
        call(storeRoute.action, { request: post("/dashboard/settings/store", fields), context, params: {} }),
      );
    // A posted store id is not read: the store is the session's.
    expect(await run({ intent: "albanianContent", albanianContent: "on", storeId: theirs.storeId })).toBe(
      302,
    );
    const [on] = await database.db.select().from(store).where(eq(store.id, mine.storeId));
    expect(on!.albanianContent).toBe(true);
    expect(await run({ intent: "albanianContent", storeId: theirs.storeId })).toBe(302);
    const [off] = await database.db.select().from(store).where(eq(store.id, mine.storeId));
    expect(off!.albanianContent).toBe(false);
    expect(await theirRows()).toBe(before);
    // Their setting is on, mine is not: my settings page shows mine.
    const page = (await call(storeRoute.loader, {
      request: get("/dashboard/settings/store"),
      context,
      params: {},
    })) as { albanianContent: boolean };
    expect(page.albanianContent).toBe(false);
  });

  it("their product's edit page and save with Albanian fields answer 404 and change nothing", async () => {
    await setAlbanianContent(mine.ctx, true);
    const before = await theirRows();
    const context = signedIn(mine.userId);
    const url = `/dashboard/products/${theirProductId}`;
    const params = { productId: theirProductId };
    expect(await statusOf(() => call(editRoute.loader, { request: get(url), context, params }))).toBe(404);
    expect(await statusOf(() => call(editRoute.action, { request: post(url, form), context, params }))).toBe(
      404,
    );
    expect(await theirRows()).toBe(before);
  });
});
