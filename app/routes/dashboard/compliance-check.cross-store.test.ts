import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { product } from "~/db/schema/catalog";
import { priceConfirmation } from "~/db/schema/compliance";
import { createProduct } from "~/features/catalog/product.server";
import { changeProduct, productInput } from "~/features/catalog/product.test-support";
import { skopjeDay } from "~/lib/calendar";
import {
  call,
  get,
  post,
  signedIn,
  startRouteDatabase,
  statusOf,
} from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as confirmationRoute from "./confirmation";
import * as layoutRoute from "./layout";
import * as productsRoute from "./products";

// The compliance check's filter, count and "confirm anyway?" with two stores. Each owner
// sees, counts, bulk-edits and confirms only their own store's products, whatever the URL says.

vi.mock("~/mail/mailer.server", () => ({ sendMail: async () => {} }));

let database: Database;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;
let myFlaggedId: string;

const described = (overrides: Record<string, string> = {}) =>
  productInput({ description: "Опис.", ...overrides });

async function theirState() {
  const products = await database.db.select().from(product).where(eq(product.storeId, theirs.storeId));
  const answers = await database.db
    .select()
    .from(priceConfirmation)
    .where(eq(priceConfirmation.storeId, theirs.storeId));
  return JSON.stringify({ products, answers });
}

type Layout = {
  data: { compliance: { attention: number; askAnyway: boolean } };
};
type List = {
  products: { id: string; name: string; issues: string[] }[];
  total: number;
};

beforeAll(async () => {
  database = await startRouteDatabase();
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
  await createProduct(mine.ctx, described({ name: "Чаша" }));
  myFlaggedId = (await createProduct(mine.ctx, described({ name: "Мое млеко", vatRate: "5" }))).id;
  await createProduct(theirs.ctx, described({ name: "Туѓ опис", description: "" }));
  await createProduct(theirs.ctx, described({ name: "Туѓ леб" }));
  await createProduct(theirs.ctx, described({ name: "Туѓа акција", price: "80", regularPrice: "90" }));
});
afterAll(async () => {
  await closeDatabase();
});

describe("compliance check routes with two stores", () => {
  it("the 'needs attention' filter lists only my products that lack something, with what they lack", async () => {
    const list = (await call(productsRoute.loader, {
      request: get("/dashboard/products?attention=1"),
      context: signedIn(mine.userId),
      params: {},
    })) as List;
    expect(list.total).toBe(1);
    expect(list.products.map(({ name, issues }) => ({ name, issues }))).toEqual([
      { name: "Мое млеко", issues: ["unitPrice"] },
    ]);
    const all = (await call(productsRoute.loader, {
      request: get("/dashboard/products"),
      context: signedIn(mine.userId),
      params: {},
    })) as List;
    expect(all.products.map((row) => [row.name, row.issues])).toEqual([
      ["Мое млеко", ["unitPrice"]],
      ["Чаша", []],
    ]);
  });

  it("the dashboard counts only my store's products that need attention", async () => {
    const layout = (await call(layoutRoute.loader, {
      request: get("/dashboard/products"),
      context: signedIn(mine.userId),
      params: {},
    })) as Layout;
    expect(layout.data.compliance.attention).toBe(1);
    const theirLayout = (await call(layoutRoute.loader, {
      request: get("/dashboard/products"),
      context: signedIn(theirs.userId),
      params: {},
    })) as Layout;
    expect(theirLayout.data.compliance.attention).toBe(3);
  });

  it("a bulk action on everything that needs attention reaches only my store", async () => {
    const before = await theirState();
    const status = await statusOf(() =>
      call(productsRoute.action, {
        request: post("/dashboard/products", {
          intent: "bulk",
          action: "deactivate",
          scope: "all",
          query: "attention=1",
        }),
        context: signedIn(mine.userId),
        params: {},
      }),
    );
    expect(status).toBe(200);
    const rows = await database.db.select().from(product).where(eq(product.storeId, mine.storeId));
    expect(Object.fromEntries(rows.map((row) => [row.name, row.status]))).toEqual({
      "Мое млеко": "inactive",
      Чаша: "active",
    });
    expect(await theirState()).toBe(before);
    // Reactivated for the next test.
    await changeProduct(mine.ctx, myFlaggedId, { status: "active" });
  });

  it("yes while products need attention asks 'confirm anyway?' first; the answer stays in my store", async () => {
    const before = await theirState();
    const context = signedIn(mine.userId);
    const myAnswers = () =>
      database.db
        .select()
        .from(priceConfirmation)
        // Today's answer only: other files' day-end jobs may mark past days in a shared database.
        .where(
          and(eq(priceConfirmation.storeId, mine.storeId), eq(priceConfirmation.day, skopjeDay(new Date()))),
        );

    const first = (await call(confirmationRoute.action, {
      request: post("/dashboard/confirmation", {
        answer: "yes",
        storeId: theirs.storeId,
      }),
      context,
      params: {},
    })) as Response;
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/dashboard/products?attention=1&confirm=anyway");
    expect(await myAnswers()).toEqual([]);

    const asked = (await call(layoutRoute.loader, {
      request: get("/dashboard/products?attention=1&confirm=anyway"),
      context,
      params: {},
    })) as Layout;
    expect(asked.data.compliance.askAnyway).toBe(true);

    const anyway = post("/dashboard/confirmation", {
      answer: "yes",
      anyway: "1",
      storeId: theirs.storeId,
    });
    anyway.headers.set("referer", "http://localhost/dashboard/products?attention=1&confirm=anyway");
    const confirmed = (await call(confirmationRoute.action, {
      request: anyway,
      context,
      params: {},
    })) as Response;
    // Back to the flagged products, without the question.
    expect(confirmed.headers.get("location")).toBe("/dashboard/products?attention=1");
    expect((await myAnswers()).map((row) => row.status)).toEqual(["confirmed"]);
    expect(await theirState()).toBe(before);

    // Once confirmed, the question is not asked again.
    const after = (await call(layoutRoute.loader, {
      request: get("/dashboard/products?attention=1&confirm=anyway"),
      context,
      params: {},
    })) as Layout;
    expect(after.data.compliance.askAnyway).toBe(false);
  });

  it("a store whose products lack nothing confirms at once", async () => {
    const shop = await createTestStore(database);
    await createProduct(shop.ctx, described({ name: "Чаша" }));
    const response = (await call(confirmationRoute.action, {
      request: post("/dashboard/confirmation", { answer: "yes" }),
      context: signedIn(shop.userId),
      params: {},
    })) as Response;
    expect(response.headers.get("location")).not.toContain("confirm=anyway");
    const answers = await database.db
      .select()
      .from(priceConfirmation)
      .where(eq(priceConfirmation.storeId, shop.storeId));
    expect(answers.map((row) => row.status)).toEqual(["confirmed"]);
  });
});
