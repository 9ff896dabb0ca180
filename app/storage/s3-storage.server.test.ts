import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3Storage } from "./s3-storage.server";

// A local stand-in for an S3-compatible endpoint (R2, MinIO): records what the client sends.
type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: Buffer };
const seen: Seen[] = [];
let server: Server;
let endpoint: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.writeHead(req.method === "DELETE" ? 204 : 200, { ETag: '"abc"' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const storage = () =>
  new S3Storage({
    endpoint,
    bucket: "vitrina",
    accessKeyId: "test-key",
    secretAccessKey: "test-secret",
    publicUrl: "https://cdn.example.test",
    region: "auto",
  });

describe("S3-compatible storage", () => {
  it("puts an object path-style with its type, a year of immutable caching and a signature", async () => {
    const body = Buffer.from("RIFF....WEBPVP8 ");
    await storage().put("stores/abc/logo/0123456789abcdef01234567-512.webp", body, "image/webp");
    const put = seen.at(-1)!;
    expect(put.method).toBe("PUT");
    expect(put.url.split("?")[0]).toBe("/vitrina/stores/abc/logo/0123456789abcdef01234567-512.webp");
    expect(put.headers["content-type"]).toBe("image/webp");
    expect(put.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(put.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\//);
    expect(put.body.subarray(-body.length).equals(body) || put.body.includes(body)).toBe(true);
  });

  it("deletes by key and builds public URLs from S3_PUBLIC_URL", async () => {
    await storage().delete("stores/abc/logo/0123456789abcdef01234567-192.webp");
    expect(seen.at(-1)).toMatchObject({ method: "DELETE" });
    expect(storage().publicUrl("stores/abc/product/0123456789abcdef01234567-800.webp")).toBe(
      "https://cdn.example.test/stores/abc/product/0123456789abcdef01234567-800.webp",
    );
  });

  it("refuses a key that is not ours (no path climbing, no user file names)", async () => {
    await expect(storage().put("../etc/passwd", Buffer.from("x"), "image/webp")).rejects.toThrow(
      /invalid storage key/,
    );
    expect(() => storage().publicUrl("stores/abc/My Photo.JPG")).toThrow(/invalid storage key/);
  });
});
