import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { activityLog, priceHistory } from "~/db/schema/activity";
import { category, product } from "~/db/schema/catalog";
import { productSchema } from "~/features/catalog/product.schema";
import { createProduct } from "~/features/catalog/product.server";
import { createCategory } from "~/features/categories/category.server";
import { productFormFields } from "../../../tests/support/product-form-fields";
import {
  call,
  get,
  post,
  signedIn,
  startRouteDatabase,
  statusOf,
} from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as activityRoute from "./activity";
import * as exportRoute from "./activity-export";
import * as categoriesRoute from "./categories";
import * as editRoute from "./product-edit";
import * as newRoute from "./product-new";
import * as productsRoute from "./products";

// With two stores, every products, categories and activity route and action refuses the
// other store's ids (404) and changes nothing. The routes run as they do in the server: a real
// Request, and the router context the root middleware fills with the signed-in user.

let database: Database;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;
let theirProductId: string;
let theirCategoryId: string;
let myProductId: string;

const productForm = productFormFields({ name: "Мој производ", price: "99", quantity: "1" });

async function snapshot() {
  const products = await database.db.select().from(product).where(eq(product.storeId, theirs.storeId));
  const categories = await database.db.select().from(category).where(eq(category.storeId, theirs.storeId));
  const history = await database.db
    .select()
    .from(priceHistory)
    .where(eq(priceHistory.storeId, theirs.storeId));
  const activity = await database.db
    .select()
    .from(activityLog)
    .where(eq(activityLog.storeId, theirs.storeId));
  return JSON.stringify({ products, categories, history, activity });
}

beforeAll(async () => {
  database = await startRouteDatabase();
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
  const theirCategory = await createCategory(theirs.ctx, { name: "Туѓа категорија" });
  theirCategoryId = theirCategory.id;
  theirProductId = (
    await createProduct(
      theirs.ctx,
      productSchema.parse({ ...productForm, name: "Туѓ", categoryId: theirCategoryId }),
    )
  ).id;
  myProductId = (await createProduct(mine.ctx, productSchema.parse(productForm))).id;
});
afterAll(async () => {
  await closeDatabase();
});

describe("another store's ids answer 404 and change nothing", () => {
  it("product edit page, save and delete", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const url = `/dashboard/products/${theirProductId}`;
    const params = { productId: theirProductId };
    expect(await statusOf(() => call(editRoute.loader, { request: get(url), context, params }))).toBe(404);
    expect(
      await statusOf(() =>
        call(editRoute.action, { request: post(url, { ...productForm, price: "1" }), context, params }),
      ),
    ).toBe(404);
    expect(
      await statusOf(() =>
        call(editRoute.action, { request: post(url, { intent: "delete" }), context, params }),
      ),
    ).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it("products list: single delete and every bulk action on their ids", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const run = (fields: Record<string, string | string[]>) =>
      statusOf(() =>
        call(productsRoute.action, { request: post("/dashboard/products", fields), context, params: {} }),
      );
    expect(await run({ intent: "delete", productId: theirProductId })).toBe(404);
    for (const action of [
      "delete",
      "activate",
      "deactivate",
      "assignCategory",
      "pricePercent",
      "priceAmount",
    ]) {
      const fields = {
        intent: "bulk",
        action,
        scope: "ids",
        ids: [theirProductId],
        value: "10",
        categoryId: "",
      };
      expect([action, await run(fields)]).toEqual([action, 404]);
      expect([action, await run({ ...fields, ids: [myProductId, theirProductId] })]).toEqual([action, 404]);
    }
    // Their category on my product.
    expect(
      await run({
        intent: "bulk",
        action: "assignCategory",
        scope: "ids",
        ids: [myProductId],
        categoryId: theirCategoryId,
      }),
    ).toBe(404);
    // "Everything matching" never reaches beyond my store, even when filtered by their category.
    const all = { intent: "bulk", scope: "all", query: `category=${theirCategoryId}` };
    expect(await run({ ...all, action: "pricePercent", value: "50" })).toBe(200);
    expect(await run({ ...all, action: "delete", query: "", confirmed: "dialog" })).toBe(200);
    expect(await snapshot()).toBe(before);
    const [mineLeft] = await database.db.select().from(product).where(eq(product.storeId, mine.storeId));
    expect(mineLeft).toBeUndefined();
  });

  it("products list: a bulk price preview writes nothing, and its confirmation with their ids changes nothing", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const run = (fields: Record<string, string | string[]>) =>
      call(productsRoute.action, { request: post("/dashboard/products", fields), context, params: {} });
    const mineId = (await createProduct(mine.ctx, productSchema.parse({ ...productForm, price: "100" }))).id;
    const priceOfMine = async () =>
      (await database.db.select().from(product).where(eq(product.id, mineId)))[0]?.priceCents;
    const change = { intent: "bulk", action: "pricePercent", value: "10", scope: "ids" };

    const answer = (await run({ ...change, ids: [mineId] })) as {
      intent: string;
      preview: { selected: number; plan: string; examples: unknown[] };
    };
    expect(answer).toMatchObject({ intent: "bulkPreview", preview: { selected: 1, changed: 1 } });
    expect(answer.preview.examples).toEqual([
      { name: productForm.name, oldPriceCents: 10000, newPriceCents: 11000 },
    ]);
    expect(await priceOfMine()).toBe(10000);

    // My preview's digest with their ids, alone or beside mine.
    const plan = answer.preview.plan;
    for (const ids of [[theirProductId], [mineId, theirProductId]]) {
      expect(await statusOf(() => run({ ...change, ids, plan }))).toBe(404);
    }
    // "Everything matching their category" with my digest: a new, empty preview, nothing written.
    const all = { ...change, scope: "all", query: `category=${theirCategoryId}`, plan };
    expect(await run(all)).toMatchObject({ intent: "bulkPreview", stale: true, preview: { selected: 0 } });
    expect(await snapshot()).toBe(before);
    expect(await priceOfMine()).toBe(10000);

    expect(await run({ ...change, ids: [mineId], plan })).toMatchObject({ ok: true, counts: { count: 1 } });
    expect(await priceOfMine()).toBe(11000);
    expect(await snapshot()).toBe(before);
  });

  it("products list: a bulk delete's confirmation step deletes nothing, and its digest with their ids deletes nothing", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const run = (fields: Record<string, string | string[]>) =>
      call(productsRoute.action, { request: post("/dashboard/products", fields), context, params: {} });
    const mineId = (await createProduct(mine.ctx, productSchema.parse({ ...productForm, price: "100" }))).id;
    const mineExists = async () =>
      (await database.db.select().from(product).where(eq(product.id, mineId))).length === 1;
    const remove = { intent: "bulk", action: "delete", scope: "ids" };

    const answer = (await run({ ...remove, ids: [mineId] })) as { deletion: { plan: string } };
    expect(answer).toMatchObject({
      intent: "bulkDeletePreview",
      deletion: { selected: 1, examples: [productForm.name] },
    });
    expect(await mineExists()).toBe(true);

    const plan = answer.deletion.plan;
    for (const ids of [[theirProductId], [mineId, theirProductId]]) {
      expect(await statusOf(() => run({ ...remove, ids }))).toBe(404);
      expect(await statusOf(() => run({ ...remove, ids, plan }))).toBe(404);
    }
    // "Everything matching their category" with my digest: a new, empty list, nothing deleted.
    const all = { ...remove, scope: "all", query: `category=${theirCategoryId}`, plan };
    expect(await run(all)).toMatchObject({
      intent: "bulkDeletePreview",
      stale: true,
      deletion: { selected: 0 },
    });
    expect(await snapshot()).toBe(before);
    expect(await mineExists()).toBe(true);

    expect(await run({ ...remove, ids: [mineId], plan })).toMatchObject({ ok: true, counts: { count: 1 } });
    expect(await mineExists()).toBe(false);
    expect(await snapshot()).toBe(before);
  });

  it("products list and new product with their category", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const list = (await call(productsRoute.loader, {
      request: get(`/dashboard/products?category=${theirCategoryId}`),
      context,
      params: {},
    })) as { total: number; categories: { id: string }[] };
    expect(list.total).toBe(0);
    expect(list.categories.map((c) => c.id)).not.toContain(theirCategoryId);
    expect(
      await statusOf(() =>
        call(newRoute.action, {
          request: post("/dashboard/products/new", { ...productForm, categoryId: theirCategoryId }),
          context,
          params: {},
        }),
      ),
    ).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it("a malformed category id in the product form is refused on its field (400), never reaching the database", async () => {
    const before = await snapshot();
    const answer = (await call(newRoute.action, {
      request: post("/dashboard/products/new", { ...productForm, categoryId: "-".repeat(36) }),
      context: signedIn(mine.userId),
      params: {},
    })) as { data: unknown; init: { status?: number } | null };
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, errors: { categoryId: "validation:categoryInvalid" } });
    expect(await snapshot()).toBe(before);
  });

  it("categories: rename, delete and move", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const attempts: Record<string, string>[] = [
      { intent: "rename", categoryId: theirCategoryId, name: "Преземена" },
      { intent: "rename", categoryId: theirCategoryId, name: "Преземена", nameSq: "E marrë" },
      { intent: "delete", categoryId: theirCategoryId },
      { intent: "up", categoryId: theirCategoryId },
      { intent: "down", categoryId: theirCategoryId },
    ];
    for (const fields of attempts) {
      const status = await statusOf(() =>
        call(categoriesRoute.action, { request: post("/dashboard/categories", fields), context, params: {} }),
      );
      expect([fields.intent, status]).toEqual([fields.intent, 404]);
    }
    const page = (await call(categoriesRoute.loader, {
      request: get("/dashboard/categories"),
      context,
      params: {},
    })) as {
      categories: unknown[];
    };
    expect(page.categories).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it("activity page and CSV export show only the owner's store", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const page = (await call(activityRoute.loader, {
      request: get(`/dashboard/activity?category=${theirCategoryId}`),
      context,
      params: {},
    })) as { total: number };
    expect(page.total).toBe(0);
    const response = (await call(exportRoute.loader, {
      request: get(`/dashboard/activity/export?category=${theirCategoryId}`),
      context,
      params: {},
    })) as Response;
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ ok: false, errors: { form: "errors:noDataToExport" } });
    expect(await snapshot()).toBe(before);
  });
});

describe("the routes work for the owner", () => {
  it("exports the owner's activity as CSV", async () => {
    const context = signedIn(theirs.userId);
    const response = (await call(exportRoute.loader, {
      request: get("/dashboard/activity/export?q=tug"),
      context,
      params: {},
    })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain("Туѓ");
  });
});
