import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { product } from "~/db/schema/catalog";
import { deleteProduct } from "~/features/catalog/product.server";
import { addProducts } from "~/features/catalog/product.test-support";
import { asResponse } from "~/lib/route-adapter.server";
import { LocalStorage } from "~/storage/local-storage.server";
import { setStorage } from "~/storage/storage.server";
import { signedIn, startRouteDatabase } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import { action } from "./image-upload";

// A product id that looked like a UUID to a loose check ("36 hex digits or dashes")
// reached PostgreSQL, which refused it, and the upload answered 500. Not this store's product,
// malformed or another store's, is 404, and the stored upload is removed again.

let database: Database;
let dataDir: string;
let storage: LocalStorage;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;
let theirProductId: string;

beforeAll(async () => {
  database = await startRouteDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-upload-route-"));
  storage = new LocalStorage(dataDir);
  setStorage(storage);
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
  const [row] = await addProducts(theirs.ctx, [{ name: "Туѓ" }]);
  theirProductId = row!.id;
});
afterAll(async () => {
  setStorage(null);
  rmSync(dataDir, { recursive: true, force: true });
  await closeDatabase();
});

async function upload(productId: string): Promise<Response> {
  const form = new FormData();
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c03" } })
    .jpeg()
    .toBuffer();
  form.append("file", new File([new Uint8Array(jpeg)], "photo.jpg", { type: "image/jpeg" }));
  form.append("productId", productId);
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  const request = new Request("http://localhost/api/image-upload?kind=product", {
    method: "POST",
    body,
    headers: {
      "content-type": encoded.headers.get("content-type") ?? "",
      "content-length": String(body.byteLength),
    },
  });
  const answer = await action({ request, context: signedIn(mine.userId), params: {} } as never);
  return asResponse(answer);
}

const storedFiles = () => {
  try {
    return readdirSync(storage.root, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
  } catch {
    return [];
  }
};

describe("POST /api/image-upload with a productId", () => {
  it("attaches the image to the owner's own product and answers its URLs", async () => {
    const [own] = await addProducts(mine.ctx, [{ name: "Мој" }]);
    const response = await upload(own!.id);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; image: { url: string } };
    expect(body).toMatchObject({ ok: true, image: { url: expect.stringMatching(/^\/uploads\/stores\//) } });
    const [after] = await database.db.select().from(product).where(eq(product.id, own!.id));
    expect(after?.imageUrl).toBe(body.image.url);
    await deleteProduct(mine.ctx, own!.id);
    rmSync(path.join(dataDir, "uploads"), { recursive: true, force: true });
  });

  it("answers 404, not 500, for a malformed id that a loose check let through", async () => {
    for (const id of ["------------------------------------", "a".repeat(36)]) {
      const response = await upload(id);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ ok: false, errors: { form: "errors:notFound" } });
    }
    expect(storedFiles()).toEqual([]);
  });

  it("answers 404 for another store's product and leaves it untouched", async () => {
    const response = await upload(theirProductId);
    expect(response.status).toBe(404);
    const [after] = await database.db.select().from(product).where(eq(product.id, theirProductId));
    expect(after?.imageUrl ?? null).toBeNull();
    expect(storedFiles()).toEqual([]);
  });
});
