import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { importJob } from "~/db/schema/imports";
import { addProducts } from "~/features/catalog/product.test-support";
import type { StoreContext } from "~/lib/service-context";
import { get, signedIn, startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as route from "./product-import-images";

// The "upload custom" walk shows only the signed-in owner's import, and of it only their
// store's products, even when the job lists another store's product id.

type Args = { request: Request; context: ReturnType<typeof signedIn>; params: Record<string, string> };
type Step = { index: number; total: number; product: { id: string; name: string } | null };
const load = (args: Args) =>
  (route.loader as unknown as (args: Args) => Promise<{ step: Step }>)(args).then((data) => data.step);

let database: Database;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;
let myImportId: string;
let theirImportId: string;

async function addProduct(ctx: StoreContext, name: string) {
  const [row] = await addProducts(ctx, [{ name }]);
  return row!.id;
}

async function addImport(storeId: string, productIds: string[]) {
  const [row] = await database.db
    .insert(importJob)
    .values({
      storeId,
      status: "done",
      fileName: "p.csv",
      fileKey: "k",
      fileSize: 1,
      format: "csv",
      productIds,
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  database = await startRouteDatabase();
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
  const theirProduct = await addProduct(theirs.ctx, "Туѓ производ");
  const first = await addProduct(mine.ctx, "Мој прв");
  const second = await addProduct(mine.ctx, "Мој втор");
  myImportId = await addImport(mine.storeId, [first, second, theirProduct]);
  theirImportId = await addImport(theirs.storeId, [theirProduct]);
});
afterAll(async () => {
  await closeDatabase();
});

const url = (id: string, i = 0) => `/dashboard/products/import/${id}/images?i=${i}`;

describe("the import's image walk", () => {
  it("walks the owner's imported products, Product X of Y", async () => {
    const context = signedIn(mine.userId);
    const params = { importId: myImportId };
    const first = await load({ request: get(url(myImportId)), context, params });
    expect(first).toMatchObject({ index: 0, total: 3, product: { name: "Мој прв" } });
    const second = await load({ request: get(url(myImportId, 1)), context, params });
    expect(second).toMatchObject({ index: 1, product: { name: "Мој втор" } });
  });

  it("never shows another store's product listed in the import", async () => {
    const step = await load({
      request: get(url(myImportId, 2)),
      context: signedIn(mine.userId),
      params: { importId: myImportId },
    });
    expect(step).toEqual({ index: 2, total: 3, product: null, suggestions: [] });
  });

  it("answers 404 for another store's import and for a made-up id", async () => {
    const context = signedIn(mine.userId);
    for (const importId of [theirImportId, "not-a-uuid", crypto.randomUUID()]) {
      expect(await statusOf(() => load({ request: get(url(importId)), context, params: { importId } }))).toBe(
        404,
      );
    }
  });
});
