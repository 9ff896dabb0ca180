import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { storeImage } from "~/db/schema/store-images";
import { store } from "~/db/schema/stores";
import { addProducts, changeProduct } from "~/features/catalog/product.test-support";
import { IMAGE_MAX_BYTES, saveImage } from "~/features/images/image.server";
import { reserveImage, setStorageLimitForTests } from "~/features/my-images/image-ledger.server";
import { LocalStorage } from "~/storage/local-storage.server";
import { setStorage } from "~/storage/storage.server";
import { filesUnder, photo, pngClaiming, postFiles } from "../../../tests/support/image-fixtures";
import { call, get, post, signedIn, startRouteDatabase } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as route from "./r2-images";

// "My images" (decision 0059): upload several at once (the form without JavaScript), the grid with size,
// date and uses, delete refused while used, the storage limit (also under parallel uploads), and
// the upload attack list: every refusal stores nothing.

type Answer = {
  ok: boolean;
  errors?: Record<string, string>;
  params?: Record<string, string>;
  uploaded?: number;
};

let database: Database;
let storage: LocalStorage;
const URL_ = "/dashboard/r2-images";

beforeAll(async () => {
  database = await startRouteDatabase();
});
afterAll(async () => {
  setStorage(null);
  setStorageLimitForTests(null);
  await closeDatabase();
});
beforeEach(() => {
  storage = new LocalStorage(mkdtempSync(path.join(tmpdir(), "vitrina-my-images-")));
  setStorage(storage);
  setStorageLimitForTests(null);
});

async function answer(run: Promise<unknown>): Promise<{ status: number; body: Answer }> {
  const outcome = await run;
  const init = (outcome as { init?: { status?: number } | null }).init;
  const body = ((outcome as { data?: unknown }).data ?? outcome) as Answer;
  return { status: init?.status ?? 200, body };
}

function upload(userId: string, files: { name: string; bytes: Uint8Array }[]) {
  const request = postFiles(
    URL_,
    { intent: "upload" },
    files.map((file) => ({ field: "files", ...file })),
  );
  return answer(call(route.action, { request, context: signedIn(userId), params: {} }));
}

async function grid(userId: string) {
  return (await call(route.loader, { request: get(URL_), context: signedIn(userId), params: {} })) as Awaited<
    ReturnType<typeof route.loader>
  >;
}

async function ledger(storeId: string) {
  return database.db.select().from(storeImage).where(eq(storeImage.storeId, storeId));
}

describe("My images", () => {
  it("stores several images from one plain form post and lists them with size and date", async () => {
    const owner = await createTestStore(database);
    const result = await upload(owner.userId, [
      { name: "a.jpg", bytes: await photo(1200, 900) },
      { name: "b.png", bytes: await photo(300, 300, "png") },
    ]);
    expect(result).toMatchObject({ status: 200, body: { ok: true, uploaded: 2 } });
    const page = await grid(owner.userId);
    expect(page.total).toBe(2);
    expect(page.images.map((image) => [image.width, image.height])).toEqual(
      expect.arrayContaining([
        [1200, 900],
        [300, 300],
      ]),
    );
    for (const image of page.images) {
      expect(image.bytes).toBeGreaterThan(0);
      expect(image.thumbUrl).toMatch(
        new RegExp(`^/uploads/stores/${owner.storeId}/product/[0-9a-f]{24}-320\\.webp$`),
      );
      expect(image.uses).toEqual({ products: [], posts: [], logo: false });
    }
    expect(page.storage.used).toBe(page.images.reduce((sum, image) => sum + image.bytes, 0));
    expect(page.storage.limit).toBe(500 * 1024 * 1024);
    expect(filesUnder(storage.root)).toHaveLength(4);
  });

  it("shows where an image is used and refuses to delete it, listing the uses; deletes it once unused", async () => {
    const owner = await createTestStore(database);
    const image = await saveImage(owner.ctx, await photo(400, 400), "product");
    const [ajvar] = await addProducts(owner.ctx, [{ name: "Ајвар", imageUrl: image.url }]);
    const logo = await saveImage(owner.ctx, await photo(600, 600, "png"), "logo");
    await database.db.update(store).set({ logoKey: logo.key }).where(eq(store.id, owner.storeId));

    const page = await grid(owner.userId);
    const used = page.images.find((row) => row.key === image.key)!;
    expect(used.uses.products.map((p) => p.name)).toEqual(["Ајвар"]);
    expect(page.images.find((row) => row.key === logo.key)!.uses.logo).toBe(true);

    const remove = (imageId: string) =>
      answer(
        call(route.action, {
          request: post(URL_, { intent: "delete", imageId }),
          context: signedIn(owner.userId),
          params: {},
        }),
      );
    const refused = await remove(used.id);
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual({ form: "errors:imageInUse" });
    expect(refused.body.params).toEqual({ uses: "Производи: Ајвар" });
    const logoRow = page.images.find((row) => row.key === logo.key)!;
    expect((await remove(logoRow.id)).body.params).toEqual({ uses: "Лого" });
    expect(await ledger(owner.storeId)).toHaveLength(2);
    expect(filesUnder(storage.root)).toHaveLength(4);

    await changeProduct(owner.ctx, ajvar!.id, { imageUrl: null });
    expect(await remove(used.id)).toMatchObject({ status: 200, body: { ok: true } });
    expect((await ledger(owner.storeId)).map((row) => row.key)).toEqual([logo.key]);
    expect(filesUnder(storage.root).sort()).toEqual([
      `${logo.key.split("/").pop()}-192.webp`,
      `${logo.key.split("/").pop()}-512.webp`,
    ]);
  });

  it("refuses an upload that would pass the storage limit, with its message, and stores nothing", async () => {
    const owner = await createTestStore(database);
    const first = await upload(owner.userId, [{ name: "a.jpg", bytes: await photo(1000, 1000) }]);
    expect(first.body.ok).toBe(true);
    const used = (await grid(owner.userId)).storage.used;
    setStorageLimitForTests(used + 100);
    const refused = await upload(owner.userId, [{ name: "b.jpg", bytes: await photo(1000, 1000) }]);
    expect(refused.status).toBe(413);
    expect(refused.body.errors).toEqual({ form: "errors:storageLimitExceeded" });
    expect(refused.body.params).toEqual({ limit: 0 });
    expect(await ledger(owner.storeId)).toHaveLength(1);
    expect(filesUnder(storage.root)).toHaveLength(2);
  });

  it("parallel uploads never pass the limit together", async () => {
    const owner = await createTestStore(database);
    const bytes = await photo(800, 800);
    await upload(owner.userId, [{ name: "probe.jpg", bytes }]);
    const one = (await grid(owner.userId)).storage.used;
    // Room for two more of the same, not for eight.
    setStorageLimitForTests(one * 3 + 10);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => upload(owner.userId, [{ name: `p${i}.jpg`, bytes }])),
    );
    expect(results.filter((result) => result.body.ok)).toHaveLength(2);
    expect(results.filter((result) => result.status === 413)).toHaveLength(6);
    const rows = await ledger(owner.storeId);
    expect(rows).toHaveLength(3);
    expect(rows.reduce((sum, row) => sum + row.bytes, 0)).toBeLessThanOrEqual(one * 3 + 10);
    expect(filesUnder(storage.root)).toHaveLength(6);
  });

  it("parallel reservations in the ledger never pass the limit together (the store's lock)", async () => {
    const owner = await createTestStore(database);
    setStorageLimitForTests(2_500);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        reserveImage(owner.ctx, {
          key: `stores/${owner.storeId}/product/${String(i).padStart(24, "0")}`,
          kind: "product",
          bytes: 1_000,
          width: 1,
          height: 1,
        }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(2);
    expect((await ledger(owner.storeId)).reduce((sum, row) => sum + row.bytes, 0)).toBe(2_000);
  });

  it("refuses the upload attack list, each with its message, and stores nothing", async () => {
    const owner = await createTestStore(database);
    const jpeg = await photo(10, 10);
    const attacks: [string, string, Uint8Array, number][] = [
      [
        "report.jpg",
        "errors:imageTypeRefused",
        Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n"),
        415,
      ],
      ["page.png", "errors:imageTypeRefused", Buffer.from("<html><script>alert(1)</script></html>"), 415],
      ["bomb.png", "errors:imageTooManyPixels", await pngClaiming(30_000, 30_000), 422],
      [
        "huge.jpg",
        "errors:imageTooLarge",
        Buffer.concat([jpeg, Buffer.alloc(IMAGE_MAX_BYTES + 1 - jpeg.length)]),
        413,
      ],
      [
        "logo.jpg",
        "errors:imageSvgRefused",
        Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        415,
      ],
      ["empty.jpg", "errors:imageEmpty", new Uint8Array(0), 400],
    ];
    for (const [name, message, bytes, status] of attacks) {
      const result = await upload(owner.userId, [{ name, bytes }]);
      expect([name, result.status, result.body.errors]).toEqual([name, status, { form: message }]);
    }
    // Several at once: each refused, nothing stored, the first refusal answers.
    const all = await upload(owner.userId, attacks.map(([name, , bytes]) => ({ name, bytes })).slice(0, 5));
    expect(all.status).toBe(415);
    expect(await ledger(owner.storeId)).toEqual([]);
    expect(filesUnder(storage.root)).toEqual([]);
  });

  it("stores the good files of a post and names the refused ones", async () => {
    const owner = await createTestStore(database);
    const result = await upload(owner.userId, [
      { name: "good.jpg", bytes: await photo(100, 100) },
      { name: "bad.jpg", bytes: Buffer.from("not an image at all") },
    ]);
    expect(result.body).toMatchObject({
      ok: true,
      uploaded: 1,
      outcomes: [
        { file: "good.jpg", error: null },
        { file: "bad.jpg", error: "errors:imageTypeRefused" },
      ],
    });
    expect(await ledger(owner.storeId)).toHaveLength(1);
  });

  it("refuses more files than one post may carry", async () => {
    const owner = await createTestStore(database);
    const bytes = await photo(20, 20);
    const result = await upload(
      owner.userId,
      Array.from({ length: 6 }, (_, i) => ({ name: `${i}.jpg`, bytes })),
    );
    expect(result).toMatchObject({
      status: 400,
      body: { errors: { files: "myImages:tooManyFiles" }, params: { max: 5 } },
    });
    expect(await ledger(owner.storeId)).toEqual([]);
  });
});
