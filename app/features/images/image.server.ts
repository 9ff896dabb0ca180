// The one upload path for every image (ARCHITECTURE.md "Uploads"): at most 5 MB, type
// decided by the bytes and never by the name, JPEG/PNG/WebP/AVIF only (SVG can carry script and
// is never served from user uploads), a pixel cap checked from the header before decoding, then
// re-encoded by sharp to WebP in the sizes the pages need. Re-encoding drops EXIF/GPS/ICC
// metadata: sharp writes none unless asked. Nothing is stored unless every size was made.
import { randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { releaseImage, reserveImage } from "~/features/my-images/image-ledger.server";
import { AppError, isAppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { getStorage } from "~/storage/storage.server";
import { IMAGE_VARIANTS, type ImageKind } from "./image-variants";

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** An upload request's body: the image and the multipart overhead (the server refuses more, 413). */
export const IMAGE_UPLOAD_BODY_LIMIT = IMAGE_MAX_BYTES + 64 * 1024;
/** 40 megapixels: any real photo from a phone fits; a decompression bomb does not. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** "Logo: square, at least 512x512 px recommended" — below it the owner is told, not refused. */
export const LOGO_RECOMMENDED_SIZE = 512;

export { IMAGE_VARIANTS, type ImageKind } from "./image-variants";

export type DetectedType = "jpeg" | "png" | "webp" | "avif" | "svg" | "unknown";

/** The format by its magic bytes. */
export function detectImageType(bytes: Uint8Array): DetectedType {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(8, 12))) return "avif";
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg")) || head.includes("<svg"))
    return "svg";
  return "unknown";
}

export type ProcessedImage = {
  width: number;
  height: number;
  variants: { suffix: string; body: Buffer }[];
};

/** Checks and re-encodes; throws AppError with the message the owner sees. Stores nothing. */
export async function processImage(bytes: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  if (bytes.byteLength === 0) throw new AppError("imageEmpty");
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw new AppError("imageTooLarge");
  const type = detectImageType(bytes);
  if (type === "svg") throw new AppError("imageSvgRefused");
  if (type === "unknown") throw new AppError("imageTypeRefused");
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new AppError("imageProcessingFailed", { cause: error });
  }
  const expected = type === "avif" ? "heif" : type;
  if (meta.format !== expected || !meta.width || !meta.height) throw new AppError("imageTypeRefused");
  // Checked from the header, before a single pixel is decoded.
  if (meta.width * meta.height > IMAGE_MAX_PIXELS || (meta.pages ?? 1) > 1)
    throw new AppError("imageTooManyPixels");
  try {
    const variants = await Promise.all(
      IMAGE_VARIANTS[kind].map(async (variant) => ({
        suffix: variant.suffix,
        body: await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" })
          .rotate() // honour the camera's orientation before the metadata is dropped
          .resize(variant.size, variant.size, {
            fit: variant.fit,
            withoutEnlargement: variant.fit === "inside",
          })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
    );
    const oriented = (meta.orientation ?? 1) >= 5;
    return {
      width: oriented ? meta.height : meta.width,
      height: oriented ? meta.width : meta.height,
      variants,
    };
  } catch (error) {
    throw new AppError("imageProcessingFailed", { cause: error });
  }
}

export type StoredImage = {
  /** The key of the image without size: `stores/{storeId}/{kind}/{random}`. */
  key: string;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  /** Logo below 512×512: shown to the owner as advice. */
  belowRecommended: boolean;
};

/** Processes and stores one upload for the signed-in owner's store. */
export async function saveImage(ctx: StoreContext, bytes: Buffer, kind: ImageKind): Promise<StoredImage> {
  return storeImage(ctx, await processImage(bytes, kind), kind);
}

/**
 * Stores the sizes of an image made on the server (an upload after processImage, or a generated
 * product tile) under a new key of the store: every size, or nothing.
 */
export async function storeImage(
  ctx: StoreContext,
  image: ProcessedImage,
  kind: ImageKind,
): Promise<StoredImage> {
  const key = `stores/${ctx.storeId}/${kind}/${randomBytes(12).toString("hex")}`;
  // Counted against the store's storage limit before a file is written (decision 0059).
  const bytes = image.variants.reduce((sum, variant) => sum + variant.body.byteLength, 0);
  try {
    await reserveImage(ctx, { key, kind, bytes, width: image.width, height: image.height });
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError(kind === "logo" ? "logoUploadFailed" : "imageUploadFailed", { cause: error });
  }
  const storage = getStorage();
  const written: string[] = [];
  try {
    for (const variant of image.variants) {
      const file = `${key}-${variant.suffix}.webp`;
      await storage.put(file, variant.body, "image/webp");
      written.push(file);
    }
  } catch (error) {
    await Promise.allSettled(written.map((file) => storage.delete(file)));
    await releaseImage(ctx, key).catch(() => undefined);
    throw new AppError(kind === "logo" ? "logoUploadFailed" : "imageUploadFailed", { cause: error });
  }
  return {
    key,
    ...imageUrls(key, kind),
    width: image.width,
    height: image.height,
    belowRecommended: kind === "logo" && Math.min(image.width, image.height) < LOGO_RECOMMENDED_SIZE,
  };
}

export function imageUrls(key: string, kind: ImageKind): { url: string; thumbUrl: string } {
  const [large, small] = IMAGE_VARIANTS[kind];
  const storage = getStorage();
  return {
    url: storage.publicUrl(`${key}-${large!.suffix}.webp`),
    thumbUrl: storage.publicUrl(`${key}-${small!.suffix}.webp`),
  };
}

/** A key the client sends back must be one this store uploaded (cross-store safety). */
export function isOwnImageKey(ctx: StoreContext, key: string, kind: ImageKind): boolean {
  return new RegExp(`^stores/${ctx.storeId}/${kind}/[0-9a-f]{24}$`).test(key);
}

/** Removes every size of one of the store's images, and its row in the ledger; a missing file is not an error. */
export async function deleteImage(ctx: StoreContext, key: string, kind: ImageKind): Promise<void> {
  if (!isOwnImageKey(ctx, key, kind)) return;
  const storage = getStorage();
  await Promise.allSettled(IMAGE_VARIANTS[kind].map((v) => storage.delete(`${key}-${v.suffix}.webp`)));
  await releaseImage(ctx, key);
}
