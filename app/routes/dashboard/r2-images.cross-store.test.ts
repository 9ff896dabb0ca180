import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { product } from "~/db/schema/catalog";
import { storeImage } from "~/db/schema/store-images";
import { type StoredImage, saveImage } from "~/features/images/image.server";
import { logoChange } from "~/features/stores/store-logo.server";
import { isAppError } from "~/lib/app-error";
import { LocalStorage } from "~/storage/local-storage.server";
import { setStorage } from "~/storage/storage.server";
import { filesUnder, photo, postFiles } from "../../../tests/support/image-fixtures";
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
import * as newProductRoute from "./product-new";
import * as route from "./r2-images";

// With two stores, My images never lists, counts, deletes or lends the other store's
// images; a key of theirs is refused wherever a key is taken (product, logo).

let database: Database;
let storage: LocalStorage;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;
let theirImage: StoredImage;
let theirLogo: StoredImage;
let theirImageId: string;

async function snapshot() {
  const rows = await database.db.select().from(storeImage).where(eq(storeImage.storeId, theirs.storeId));
  const products = await database.db.select().from(product).where(eq(product.storeId, theirs.storeId));
  return JSON.stringify({ rows, products, files: filesUnder(storage.root).sort() });
}

beforeAll(async () => {
  database = await startRouteDatabase();
  storage = new LocalStorage(mkdtempSync(path.join(tmpdir(), "vitrina-my-images-x-")));
  setStorage(storage);
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
  theirImage = await saveImage(theirs.ctx, await photo(300, 300), "product");
  theirLogo = await saveImage(theirs.ctx, await photo(600, 600), "logo");
  const [row] = await database.db.select().from(storeImage).where(eq(storeImage.key, theirImage.key));
  theirImageId = row!.id;
});
afterAll(async () => {
  setStorage(null);
  await closeDatabase();
});

describe("another store's images", () => {
  it("are not in my grid nor in my storage use", async () => {
    const page = (await call(route.loader, {
      request: get("/dashboard/r2-images"),
      context: signedIn(mine.userId),
      params: {},
    })) as Awaited<ReturnType<typeof route.loader>>;
    expect(page.images).toEqual([]);
    expect(page.total).toBe(0);
    expect(page.storage.used).toBe(0);
  });

  it("cannot be deleted (404), and nothing of theirs changes", async () => {
    const before = await snapshot();
    const status = await statusOf(() =>
      call(route.action, {
        request: post("/dashboard/r2-images", { intent: "delete", imageId: theirImageId }),
        context: signedIn(mine.userId),
        params: {},
      }),
    );
    expect(status).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it("my upload lands in my store only", async () => {
    const before = await snapshot();
    const request = postFiles("/dashboard/r2-images", { intent: "upload", storeId: theirs.storeId }, [
      { field: "files", name: "a.jpg", bytes: await photo(50, 50) },
    ]);
    expect(
      await statusOf(() => call(route.action, { request, context: signedIn(mine.userId), params: {} })),
    ).toBe(200);
    const rows = await database.db.select().from(storeImage).where(eq(storeImage.storeId, mine.storeId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key.startsWith(`stores/${mine.storeId}/`)).toBe(true);
    const after = JSON.parse(await snapshot());
    expect(after.rows).toEqual(JSON.parse(before).rows);
  });

  it("their key is refused on my product and as my logo", async () => {
    const before = await snapshot();
    const form = productFormFields({
      name: "Мој производ",
      price: "99",
      quantity: "1",
      imageKey: theirImage.key,
    });
    const status = await statusOf(() =>
      call(newProductRoute.action, {
        request: post("/dashboard/products/new", form),
        context: signedIn(mine.userId),
        params: {},
      }),
    );
    expect(status).toBe(400);
    expect(await database.db.select().from(product).where(eq(product.storeId, mine.storeId))).toEqual([]);
    const refused = await logoChange(mine.ctx, theirLogo.key).catch((error) => error);
    expect(isAppError(refused) && refused.code).toBe("forbidden");
    expect(await snapshot()).toBe(before);
  });

  it("the ledger itself refuses a row under another store's folder", async () => {
    const refused = await database.db
      .insert(storeImage)
      .values({
        storeId: mine.storeId,
        key: `stores/${theirs.storeId}/product/${"a".repeat(24)}`,
        kind: "product",
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
  });
});
