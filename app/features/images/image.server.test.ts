import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { product } from "~/db/schema/catalog";
import { addProducts } from "~/features/catalog/product.test-support";
import { isAppError } from "~/lib/app-error";
import { LocalStorage } from "~/storage/local-storage.server";
import { setStorage } from "~/storage/storage.server";
import { createTestStore, openTestDatabase } from "../../../tests/support/test-db";
import { detectImageType, IMAGE_MAX_BYTES, isOwnImageKey, saveImage } from "./image.server";
import { attachProductImage } from "./product-image.server";

let database: Database;
let dataDir: string;
let storage: LocalStorage;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  setStorage(null);
  await database?.close();
});
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-images-"));
  storage = new LocalStorage(dataDir);
  setStorage(storage);
  return () => rmSync(dataDir, { recursive: true, force: true });
});

function storedFiles(): string[] {
  try {
    return readdirSync(storage.root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

const photo = (width: number, height: number, format: "jpeg" | "png" | "webp" | "avif" = "jpeg") =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .withMetadata({ exif: { IFD0: { Copyright: "secret-owner", Artist: "GPS here" } } })
    [format]()
    .toBuffer();

async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC follows its 13 bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error.messageKey;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("image uploads", () => {
  it("re-encodes JPEG, PNG, WebP and AVIF to WebP in every size, without metadata", async () => {
    const { ctx } = await createTestStore(database);
    for (const format of ["jpeg", "png", "webp", "avif"] as const) {
      const image = await saveImage(ctx, await photo(1200, 900, format), "product");
      expect(image.url).toMatch(
        new RegExp(`^/uploads/stores/${ctx.storeId}/product/[0-9a-f]{24}-800\\.webp$`),
      );
      const stored = path.join(storage.root, `${image.key}-800.webp`);
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(800);
      expect(meta.exif).toBeUndefined();
      expect((await sharp(path.join(storage.root, `${image.key}-320.webp`)).metadata()).width).toBe(320);
    }
    expect(storedFiles()).toHaveLength(8);
  });

  it("makes the logo square and advises, without refusing, below 512×512", async () => {
    const { ctx } = await createTestStore(database);
    const small = await saveImage(ctx, await photo(300, 200, "png"), "logo");
    expect(small.belowRecommended).toBe(true);
    const meta = await sharp(path.join(storage.root, `${small.key}-512.webp`)).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
    const big = await saveImage(ctx, await photo(600, 600, "png"), "logo");
    expect(big.belowRecommended).toBe(false);
  });

  it("refuses a file over 5 MB, and stores nothing", async () => {
    const { ctx } = await createTestStore(database);
    const jpeg = await photo(10, 10);
    const huge = Buffer.concat([jpeg, Buffer.alloc(IMAGE_MAX_BYTES + 1 - jpeg.length)]);
    expect(await refusal(saveImage(ctx, huge, "product"))).toBe("errors:imageTooLarge");
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a renamed non-image by its content, and stores nothing", async () => {
    const { ctx } = await createTestStore(database);
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n", "latin1");
    expect(await refusal(saveImage(ctx, pdf, "product"))).toBe("errors:imageTypeRefused");
    const script = Buffer.from("<html><script>alert(1)</script></html>");
    expect(await refusal(saveImage(ctx, script, "logo"))).toBe("errors:imageTypeRefused");
    // JPEG magic bytes followed by garbage: decided by content, still refused.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("not really a jpeg")]);
    expect(await refusal(saveImage(ctx, fake, "product"))).toMatch(
      /errors:image(TypeRefused|ProcessingFailed)/,
    );
    expect(storedFiles()).toEqual([]);
  });

  it("refuses SVG, even with an image name's content sniffed, and stores nothing", async () => {
    const { ctx } = await createTestStore(database);
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(detectImageType(svg)).toBe("svg");
    expect(await refusal(saveImage(ctx, svg, "logo"))).toBe("errors:imageSvgRefused");
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a pixel bomb from its header before decoding, and stores nothing", async () => {
    const { ctx } = await createTestStore(database);
    // A PNG whose header claims 30,000 × 30,000 pixels (3.6 GB decoded) in a tiny file, the
    // shape of a decompression bomb: the width and height in IHDR are rewritten, CRC fixed.
    const bomb = await pngClaiming(30_000, 30_000);
    expect(bomb.byteLength).toBeLessThan(IMAGE_MAX_BYTES);
    const started = performance.now();
    expect(await refusal(saveImage(ctx, bomb, "product"))).toBe("errors:imageTooManyPixels");
    expect(performance.now() - started).toBeLessThan(2000);
    expect(storedFiles()).toEqual([]);
  });

  it("attaches an image only to the store's own product (cross-store)", async () => {
    const mine = await createTestStore(database);
    const other = await createTestStore(database);
    const [theirs] = await addProducts(other.ctx, [{ name: "Туѓ производ" }]);
    const image = await saveImage(mine.ctx, await photo(400, 400), "product");
    expect(await refusal(attachProductImage(mine.ctx, theirs!.id, image))).toBe("errors:notFound");
    const [after] = await database.db.select().from(product).where(eq(product.id, theirs!.id));
    expect(after?.imageUrl ?? null).toBeNull();
    // The refused upload is removed again.
    expect(storedFiles()).toEqual([]);
    expect(isOwnImageKey(mine.ctx, image.key, "product")).toBe(true);
    expect(isOwnImageKey(other.ctx, image.key, "product")).toBe(false);
  });
});
