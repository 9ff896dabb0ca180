import { randomBytes } from "node:crypto";
import { mkdtempSync, renameSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveCompressedAsset } from "./compressed-assets";
import { precompressDirectory } from "./precompress-assets";

// 2,000 made-up /assets/*.js names filled the cache of compressed files with misses,
// after which every real script was compressed with brotli 11 on every request.

const dir = mkdtempSync(path.join(os.tmpdir(), "vitrina-assets-"));
// 300 KB of source-like text: brotli 11 takes a few hundred milliseconds on it.
const script = Array.from(
  { length: 6000 },
  (_, i) => `export const v${i} = "${randomBytes(16).toString("hex")}";`,
)
  .join("\n")
  .slice(0, 300_000);
writeFileSync(path.join(dir, "entry-abc123.js"), script);
writeFileSync(path.join(dir, "store-page-def456.js"), script);
writeFileSync(path.join(dir, "logo-abc123.png"), randomBytes(100));
writeFileSync(path.join(dir, "categories-ghi789.js"), script);

const server = createServer((req, res) => {
  if (!serveCompressedAsset(dir, req, res)) res.writeHead(404).end("fell through");
});

function get(name: string, encoding = "br"): Promise<{ status: number; encoding?: string; body: Buffer }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ port, path: `/assets/${name}`, headers: { "accept-encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode!,
          encoding: res.headers["content-encoding"],
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on("error", reject)
      .end();
  });
}

beforeAll(async () => {
  expect(await precompressDirectory(dir)).toBe(3);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => {
  server.close();
});

describe("precompressed build assets", () => {
  it("serves the build's brotli and gzip files, which unpack to the script", async () => {
    const br = await get("entry-abc123.js", "gzip, deflate, br");
    expect(br.status).toBe(200);
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await get("entry-abc123.js", "gzip");
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(script);
  });

  it("leaves unknown names, other types and identity requests to the static files", async () => {
    expect((await get("nope-123.js")).body.toString()).toBe("fell through");
    expect((await get("logo-abc123.png")).body.toString()).toBe("fell through");
    expect((await get("entry-abc123.js", "identity")).body.toString()).toBe("fell through");
  });

  it("after 2,000 made-up script names, real scripts are still answered without compressing them again", async () => {
    for (let i = 0; i < 2_000; i++) await get(`junk-${i}.js`);
    const started = performance.now();
    for (let i = 0; i < 10; i++) expect((await get("store-page-def456.js")).encoding).toBe("br");
    // Ten brotli-11 compressions of this script take seconds; ten answers from memory a few ms.
    expect(performance.now() - started).toBeLessThan(250);
  });

  it("a script removed from disk after the first request is no longer answered from memory", async () => {
    expect((await get("categories-ghi789.js")).encoding).toBe("br");
    renameSync(path.join(dir, "categories-ghi789.js"), path.join(dir, "categories-ghi789.js.gone"));
    try {
      expect((await get("categories-ghi789.js")).body.toString()).toBe("fell through");
    } finally {
      renameSync(path.join(dir, "categories-ghi789.js.gone"), path.join(dir, "categories-ghi789.js"));
    }
    expect((await get("categories-ghi789.js")).encoding).toBe("br");
  });
});
