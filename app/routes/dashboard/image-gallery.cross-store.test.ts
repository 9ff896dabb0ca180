import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { product } from "~/db/schema/catalog";
import { addProducts } from "~/features/catalog/product.test-support";
import { insertLibraryRows, uniqueWord } from "~/features/library/library.test-support";
import { call, get, post, signedIn, startRouteDatabase } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as galleryRoute from "./image-gallery";

// The library is shared, the products are not. With two stores, the gallery never shows
// or changes the other store's products, and an assignment naming one of them changes nothing.

let database: Database;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;
let myProductId: string;
let theirProductId: string;
let entryId: string;
let word: string;

const images = async () =>
  JSON.stringify(
    await database.db
      .select({ id: product.id, url: product.imageUrl })
      .from(product)
      .where(eq(product.storeId, theirs.storeId)),
  );

beforeAll(async () => {
  database = await startRouteDatabase();
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
  word = uniqueWord();
  const [entry] = await insertLibraryRows(database.db, [{ name: `Леб ${word}` }]);
  entryId = entry!.id;
  const [a] = await addProducts(mine.ctx, [{ name: "Мој леб" }]);
  const [b] = await addProducts(theirs.ctx, [{ name: "Туѓ леб" }]);
  myProductId = a!.id;
  theirProductId = b!.id;
});
afterAll(async () => {
  await closeDatabase();
});

describe("the image library and another store's products", () => {
  it("the page lists the library to every owner but never names their product", async () => {
    const context = signedIn(mine.userId);
    type Page = { page: { entries: { id: string }[] }; targets: { id: string }[] };
    const page = await call<Page>(galleryRoute.loader, {
      request: get(`/dashboard/image-gallery?q=${word}&for=${theirProductId}&for=${myProductId}`),
      context,
      params: {},
    });
    expect(page.page.entries.map((e) => e.id)).toEqual([entryId]);
    expect(page.targets.map((t) => t.id)).toEqual([myProductId]);
  });

  it("assigning to their product, alone or with mine, is refused and changes nothing", async () => {
    const before = await images();
    const context = signedIn(mine.userId);
    for (const ids of [[theirProductId], [myProductId, theirProductId]]) {
      const answer = await call<Response>(galleryRoute.action, {
        request: post("/dashboard/image-gallery", { intent: "assign", entryId, productId: ids }),
        context,
        params: {},
      });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("set-cookie")).toContain("errors%3AnotFound");
    }
    expect(await images()).toBe(before);
    const [mineNow] = await database.db.select().from(product).where(eq(product.id, myProductId));
    expect(mineNow!.imageUrl).toBeNull();
    // The same request for my own product alone is carried out.
    const ok = await call<Response>(galleryRoute.action, {
      request: post("/dashboard/image-gallery", { intent: "assign", entryId, productId: [myProductId] }),
      context,
      params: {},
    });
    expect(ok.headers.get("location")).toBe(`/dashboard/products/${myProductId}`);
    const [mineAfter] = await database.db.select().from(product).where(eq(product.id, myProductId));
    expect(mineAfter!.imageUrl).toMatch(/\/library\/[0-9a-f]{24}-800\.webp$/);
  });

  it("an outside 'back' address is not followed", async () => {
    const context = signedIn(mine.userId);
    const answer = await call<Response>(galleryRoute.action, {
      request: post("/dashboard/image-gallery", {
        intent: "assign",
        entryId,
        productId: [myProductId],
        back: "//evil.example/x",
      }),
      context,
      params: {},
    });
    expect(answer.headers.get("location")).toBe(`/dashboard/products/${myProductId}`);
  });
});
