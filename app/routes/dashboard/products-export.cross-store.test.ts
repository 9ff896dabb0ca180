import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { get, signedIn } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as exportRoute from "./products-export";

// The export answers with the signed-in owner's products only, whatever the request says.

type Args = { request: Request; context: ReturnType<typeof signedIn>; params: Record<string, string> };
const call = (args: Args) => (exportRoute.loader as unknown as (args: Args) => Promise<Response>)(args);

let database: Database;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;
let empty: Awaited<ReturnType<typeof createTestStore>>;

beforeAll(async () => {
  database = await (await import("../../../tests/support/route-harness")).startRouteDatabase();
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
  empty = await createTestStore(database);
  await createProduct(mine.ctx, productInput({ name: "Мој леб", price: "45" }));
  await createProduct(theirs.ctx, productInput({ name: "Туѓо сирење", price: "320" }));
});
afterAll(async () => {
  await closeDatabase();
});

describe("the product export", () => {
  it("gives the owner their own products, never another store's (CSV and .xlsx)", async () => {
    const csv = await call({
      request: get(`/dashboard/products/export?format=csv&storeId=${theirs.storeId}`),
      context: signedIn(mine.userId),
      params: {},
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="products-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const body = await csv.text();
    expect(body).toContain("Мој леб");
    expect(body).not.toContain("Туѓо");

    const xlsx = await call({
      request: get("/dashboard/products/export?format=xlsx"),
      context: signedIn(theirs.userId),
      params: {},
    });
    expect(xlsx.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const { strFromU8, unzipSync } = await import("fflate");
    const sheet = strFromU8(unzipSync(new Uint8Array(await xlsx.arrayBuffer()))["xl/worksheets/sheet1.xml"]!);
    expect(sheet).toContain("Туѓо сирење");
    expect(sheet).not.toContain("Мој леб");
  });

  it("answers 'No data to export' to an owner without products", async () => {
    const response = await call({
      request: get("/dashboard/products/export?format=xlsx"),
      context: signedIn(empty.userId),
      params: {},
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ ok: false, errors: { form: "errors:noDataToExport" } });
  });
});
