import { readdirSync } from "node:fs";
import { crc32 } from "node:zlib";
import sharp from "sharp";

/** A real photo of this size and format, made by sharp. */
export function photo(width: number, height: number, format: "jpeg" | "png" | "webp" = "jpeg") {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    [format]()
    .toBuffer();
}

/** A PNG whose header claims this size (a decompression bomb's shape): IHDR rewritten, CRC fixed. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** Every file under a folder (the local storage's root), by name. */
export function filesUnder(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** A multipart POST with files (and text fields), as a browser's form without JavaScript sends it. */
export function postFiles(
  url: string,
  fields: Record<string, string>,
  files: { field: string; name: string; bytes: Uint8Array; type?: string }[],
): Request {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files)
    form.append(
      file.field,
      new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "image/jpeg" }),
    );
  return new Request(`http://localhost${url}`, { method: "POST", body: form });
}
