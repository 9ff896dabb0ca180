import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { and, eq } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { storeImage } from "~/db/schema/store-images";
import { deleteImage, saveImage } from "~/features/images/image.server";
import { setStorage } from "~/storage/storage.server";
import { createTestStore, openTestDatabase } from "../../tests/support/test-db";
import { S3Storage } from "./s3-storage.server";

// The S3 adapter against s3rver, an in-process server that speaks the S3 REST protocol (path-style
// buckets, SigV4 headers, XML errors, ListObjectsV2), so what the adapter writes is read back by a
// second, independent S3 client the way R2 or MinIO would answer it. The header-level checks stay
// in s3-storage.server.test.ts.

const BUCKET = "vitrina";
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
let server: S3rver;
let endpoint: string;
let folder: string;
let reader: S3Client;
let database: Database;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "vitrina-s3rver-"));
  server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: folder,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  reader = new S3Client({ endpoint, region: "auto", forcePathStyle: true, credentials });
  database = await openTestDatabase();
});
afterAll(async () => {
  setStorage(null);
  reader?.destroy();
  await server?.close();
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});

const storage = () =>
  new S3Storage({
    endpoint,
    bucket: BUCKET,
    ...credentials,
    publicUrl: "https://cdn.example.test",
    region: "auto",
  });

async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await reader.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
}

const photo = (r: number) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();

describe("S3 storage against a server speaking the S3 protocol", () => {
  it("puts an object that reads back byte for byte with its type and caching, sizes it, deletes it", async () => {
    const key = "stores/abc/product/0123456789abcdef01234567-800.webp";
    const body = Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 some image bytes");
    await storage().put(key, body, "image/webp");

    const got = await reader.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
    expect(got.ContentType).toBe("image/webp");
    expect(got.CacheControl).toBe("public, max-age=31536000, immutable");
    expect(await keysUnder("stores/abc/")).toEqual([key]);

    expect(await storage().size(key)).toBe(body.byteLength);
    await storage().delete(key);
    expect(await storage().size(key)).toBeNull();
    expect(await keysUnder("stores/abc/")).toEqual([]);
  });

  it("answers null for a file that is not there, and deleting it again is not an error", async () => {
    const key = "stores/abc/product/ffffffffffffffffffffffff-320.webp";
    expect(await storage().size(key)).toBeNull();
    await expect(storage().delete(key)).resolves.toBeUndefined();
  });

  it("overwrites a key in place: the size is the new body's", async () => {
    const key = "library/0123456789abcdef01234567-320.webp";
    await storage().put(key, Buffer.alloc(5000, 1), "image/webp");
    await storage().put(key, Buffer.alloc(1200, 2), "image/webp");
    expect(await storage().size(key)).toBe(1200);
    await storage().delete(key);
  });

  it("an error other than 'not found' is not taken for a missing file", async () => {
    const down = new S3Storage({
      endpoint: "http://127.0.0.1:9", // nothing listens on the discard port
      bucket: BUCKET,
      ...credentials,
      publicUrl: "https://cdn.example.test",
      region: "auto",
    });
    await expect(down.size("stores/abc/logo/0123456789abcdef01234567-512.webp")).rejects.toThrow();
  });

  it("keeps each store's images under its own prefix, sized as the ledger counts them", async () => {
    setStorage(storage());
    const a = await createTestStore(database);
    const b = await createTestStore(database);
    const imageA = await saveImage(a.ctx, await photo(200), "product");
    const imageB = await saveImage(b.ctx, await photo(30), "product");

    const underA = await keysUnder(`stores/${a.ctx.storeId}/`);
    expect(underA).toEqual([`${imageA.key}-320.webp`, `${imageA.key}-800.webp`]);
    expect(await keysUnder(`stores/${b.ctx.storeId}/`)).toEqual([
      `${imageB.key}-320.webp`,
      `${imageB.key}-800.webp`,
    ]);
    expect(imageA.url).toBe(`https://cdn.example.test/${imageA.key}-800.webp`);

    // The ledger's bytes (what counts against the 500 MB limit) are the sizes S3 reports.
    const [row] = await database.db
      .select({ bytes: storeImage.bytes })
      .from(storeImage)
      .where(and(eq(storeImage.storeId, a.ctx.storeId), eq(storeImage.key, imageA.key)));
    const sizes = await Promise.all(underA.map((key) => storage().size(key)));
    expect(row?.bytes).toBe(sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0));

    // Store A cannot delete store B's image through the pipeline: B's files stay.
    await deleteImage(a.ctx, imageB.key, "product");
    expect(await keysUnder(`stores/${b.ctx.storeId}/`)).toHaveLength(2);
    // Its own delete removes every size.
    await deleteImage(a.ctx, imageA.key, "product");
    expect(await keysUnder(`stores/${a.ctx.storeId}/`)).toEqual([]);
    expect(await keysUnder(`stores/${b.ctx.storeId}/`)).toHaveLength(2);
  });
});
